/**
 * The instructor's notes as HTML: Markdown through markdown-it with raw HTML off, so a note can format and link
 * (http, https and mail links only, markdown-it's own rule) but never put markup or script on a student's page.
 */
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function noteHtml(markdown: string): string {
  return md.render(markdown);
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/**
 * A note as plain text, for a place that shows no formatting (a Canvas comment): rendered as a reader would see it,
 * not its Markdown: emphasis marks gone, a list's items on lines of `- `, a link as its text and its address.
 */
export function noteText(markdown: string): string {
  return md
    .render(markdown)
    .replace(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/gsu, (_, href: string, text: string) => (text === href ? text : `${text} (${href})`))
    .replace(/<li>/gu, '- ')
    .replace(/<\/li>\s*/gu, '\n')
    .replace(/<br\s*\/?>/gu, '\n')
    .replace(/<\/(p|h\d|pre|blockquote|ul|ol)>/gu, '\n')
    .replace(/<[^>]+>/gu, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/gu, (_, name: string) => ENTITIES[name]!)
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

/** Text as HTML, every character shown as it is. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' } as const)[c as '&']};`);
