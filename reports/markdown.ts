/**
 * The instructor's notes as HTML: Markdown through markdown-it with raw HTML off, so a note can format and link
 * (http, https and mail links only, markdown-it's own rule) but never put markup or script on a student's page.
 */
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function noteHtml(markdown: string): string {
  return md.render(markdown);
}
