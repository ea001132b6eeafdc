/**
 * A fake Canvas for the push's tests, served over real HTTP on 127.0.0.1, shaped on Canvas's documented exchanges:
 * the assignment (`published`, `points_possible`, `post_manually`), the course's late policy (404 when it has none),
 * the submissions listed with `include[]=submission_comments` in pages linked by a `Link` header, one submission read
 * back, the grade-or-comment PUT (`submission[posted_grade]`, `comment[text_comment]`, `comment[attempt]`,
 * `comment[file_ids][]`), and the three steps of a comment file's upload (the ticket, the upload to its own address
 * without the token, the redirect or 201 to confirm). Canvas's own late policy takes its deduction from a late
 * submission's score, as Canvas does. Failures are injected by method and path: a status (429 with Retry-After, 403
 * "Rate Limit Exceeded", 5xx), before the request is applied or after it (its answer lost). Every request is
 * recorded, and how many were ever in flight at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeComment {
  id: number;
  comment: string;
  attempt: number | null;
  created_at: string;
  author_id: number;
  author_name: string;
  attachments: { id: number; display_name: string; size: number; 'content-type': string; url: string }[];
}

export interface FakeStudent {
  readonly userId: number;
  attempt?: number | null;
  submittedAt?: string | null;
  enteredScore?: number | null;
  late?: boolean;
  gradeMatchesCurrent?: boolean;
  comments?: FakeComment[];
}

export interface FakeCanvasOptions {
  readonly token: string;
  readonly course: number;
  readonly assignment: {
    id: number;
    name: string;
    points_possible: number;
    published?: boolean;
    post_manually?: boolean;
    grading_type?: string;
  };
  readonly latePolicy?: { late_submission_deduction_enabled: boolean; late_submission_deduction: number; late_submission_interval: string };
  readonly students: readonly FakeStudent[];
  /** Submissions per page of the list (Canvas's default is 10). */
  readonly perPage?: number;
  /** How the upload confirms: a redirect to create_success (the documented one), or 201 Created with the file's address. */
  readonly upload?: 'redirect' | 'created';
}

export interface Failure {
  readonly method: string;
  readonly path: RegExp;
  /** The status to answer with; 0 answers nothing at all (the connection stays open until the fake closes). */
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Apply the request, then answer with the failure (the answer is lost, the change is not). */
  readonly after?: boolean;
  times: number;
}

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly auth?: string;
  readonly form?: URLSearchParams;
  readonly status: number;
}

interface FakeFile {
  id: number;
  userId: number;
  name: string;
  size: number;
  contentType: string;
  bytes?: Buffer;
  ready: boolean;
}

export class FakeCanvas {
  readonly requests: Recorded[] = [];
  readonly failures: Failure[] = [];
  readonly files = new Map<number, FakeFile>();
  readonly students = new Map<number, FakeStudent>();
  /** Requests answered while another was still being answered: Canvas's throttling counts them against the client. */
  maxInFlight = 0;
  /** Upload requests that carried the token (it must never go to the upload's address). */
  tokenOnUpload = 0;
  url = '';
  private inFlight = 0;
  private hanging: ServerResponse[] = [];
  private nextId = 500;
  private server: Server;

  constructor(readonly options: FakeCanvasOptions) {
    for (const s of options.students)
      this.students.set(s.userId, {
        attempt: 1,
        submittedAt: '2026-11-20T10:00:00Z',
        enteredScore: null,
        late: false,
        gradeMatchesCurrent: true,
        comments: [],
        ...s,
      });
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  static async start(options: FakeCanvasOptions): Promise<FakeCanvas> {
    const fake = new FakeCanvas(options);
    await new Promise<void>((done) => fake.server.listen(0, '127.0.0.1', done));
    fake.url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
    return fake;
  }

  close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    return new Promise((done) => this.server.close(() => done()));
  }

  fail(failure: Omit<Failure, 'times'> & { times?: number }): void {
    this.failures.push({ ...failure, times: failure.times ?? 1 });
  }

  /** Requests that change something (every method but GET). */
  writes(): number {
    return this.requests.filter((r) => r.method !== 'GET').length;
  }

  private assignmentJson() {
    const a = this.options.assignment;
    return {
      id: a.id,
      name: a.name,
      points_possible: a.points_possible,
      published: a.published ?? true,
      post_manually: a.post_manually ?? false,
      grading_type: a.grading_type ?? 'points',
      course_id: this.options.course,
    };
  }

  private submissionJson(s: FakeStudent, comments: boolean) {
    const policy = this.options.latePolicy;
    const deducted =
      policy?.late_submission_deduction_enabled && s.late && s.enteredScore !== null && s.enteredScore !== undefined
        ? Math.round(s.enteredScore * policy.late_submission_deduction) / 100
        : 0;
    return {
      user_id: s.userId,
      assignment_id: this.options.assignment.id,
      attempt: s.attempt,
      submitted_at: s.submittedAt,
      workflow_state: s.enteredScore === null ? 'submitted' : 'graded',
      entered_score: s.enteredScore,
      score: s.enteredScore === null || s.enteredScore === undefined ? null : s.enteredScore - deducted,
      grade: s.enteredScore === null || s.enteredScore === undefined ? null : String(s.enteredScore - deducted),
      points_deducted: deducted || null,
      late: s.late ?? false,
      seconds_late: s.late ? 90_000 : 0,
      grade_matches_current_submission: s.gradeMatchesCurrent ?? true,
      ...(comments && { submission_comments: s.comments }),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(body.toString('utf8'))
      : undefined;
    let status = 500;
    const send = (code: number, payload: unknown, headers: Record<string, string> = {}) => {
      status = code;
      if (code === 0) {
        this.hanging.push(res);
        return;
      }
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      res.writeHead(code, { 'Content-Type': typeof payload === 'string' ? 'text/plain' : 'application/json', ...headers });
      res.end(text);
    };
    try {
      const failure = this.failures.find((f) => f.times > 0 && f.method === method && f.path.test(url.pathname));
      if (failure) failure.times--;
      if (failure && !failure.after) {
        send(failure.status, failure.body ?? `${failure.status}`, failure.headers);
      } else {
        const answer = await this.route(method, url, req, body, form);
        if (failure) send(failure.status, failure.body ?? `${failure.status}`, failure.headers);
        else send(answer.status, answer.body, answer.headers);
      }
    } catch (error) {
      send(500, { errors: [{ message: (error as Error).message }] });
    } finally {
      this.requests.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        ...(req.headers.authorization && { auth: req.headers.authorization }),
        ...(form && { form }),
        status,
      });
      this.inFlight--;
    }
  }

  private async route(
    method: string,
    url: URL,
    req: IncomingMessage,
    body: Buffer,
    form: URLSearchParams | undefined,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const path = url.pathname;
    if (path.startsWith('/files_api/upload/')) return this.upload(path, req, body);
    if (req.headers.authorization !== `Bearer ${this.options.token}`)
      return { status: 401, body: { errors: [{ message: 'Invalid access token.' }] } };
    const base = `/api/v1/courses/${this.options.course}/assignments/${this.options.assignment.id}`;
    const one = new RegExp(`^${base}/submissions/(\\d+)$`, 'u').exec(path);
    const fileUpload = new RegExp(`^${base}/submissions/(\\d+)/comments/files$`, 'u').exec(path);
    const file = /^\/api\/v1\/files\/(\d+)(\/create_success)?$/u.exec(path);
    if (method === 'GET' && path === base) return { status: 200, body: this.assignmentJson() };
    if (method === 'GET' && path === `/api/v1/courses/${this.options.course}/late_policy`) {
      return this.options.latePolicy
        ? { status: 200, body: { late_policy: { id: 1, course_id: this.options.course, ...this.options.latePolicy } } }
        : { status: 404, body: { errors: [{ message: 'The specified resource does not exist.' }] } };
    }
    if (method === 'GET' && path === `${base}/submissions`) return this.list(url);
    if (one) {
      const student = this.students.get(Number(one[1]));
      if (!student) return { status: 404, body: { errors: [{ message: 'The specified resource does not exist.' }] } };
      if (method === 'GET')
        return { status: 200, body: this.submissionJson(student, url.searchParams.getAll('include[]').includes('submission_comments')) };
      if (method === 'PUT') return this.grade(student, form ?? new URLSearchParams());
    }
    if (method === 'POST' && fileUpload) {
      const name = form?.get('name') ?? '';
      const id = this.nextId++;
      this.files.set(id, {
        id,
        userId: Number(fileUpload[1]),
        name,
        size: Number(form?.get('size')),
        contentType: form?.get('content_type') ?? 'application/octet-stream',
        ready: false,
      });
      return {
        status: 200,
        body: {
          upload_url: `${this.url}/files_api/upload/${id}`,
          upload_params: { filename: name, content_type: form?.get('content_type') ?? '', key: `comments/${id}/${name}` },
        },
      };
    }
    if (method === 'GET' && file) {
      const found = this.files.get(Number(file[1]));
      if (!found?.bytes) return { status: 404, body: { errors: [{ message: 'file not uploaded' }] } };
      if (file[2]) found.ready = true;
      return {
        status: 200,
        body: {
          id: found.id,
          display_name: found.name,
          filename: found.name,
          size: found.size,
          'content-type': found.contentType,
          url: `${this.url}/files/${found.id}/download`,
        },
      };
    }
    return { status: 404, body: { errors: [{ message: `no route ${method} ${path}` }] } };
  }

  private list(url: URL) {
    const per = Math.min(Number(url.searchParams.get('per_page') ?? 10), this.options.perPage ?? 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const all = [...this.students.values()].sort((a, b) => a.userId - b.userId);
    const items = all
      .slice((page - 1) * per, page * per)
      .map((s) => this.submissionJson(s, url.searchParams.getAll('include[]').includes('submission_comments')));
    const link = (p: number, rel: string) => {
      const next = new URL(url);
      next.searchParams.set('page', String(p));
      next.searchParams.set('per_page', String(per));
      return `<${next.toString()}>; rel="${rel}"`;
    };
    const last = Math.max(1, Math.ceil(all.length / per));
    const links = [link(page, 'current'), ...(page < last ? [link(page + 1, 'next')] : []), link(1, 'first'), link(last, 'last')];
    return { status: 200, body: items, headers: { Link: links.join(',') } };
  }

  private grade(student: FakeStudent, form: URLSearchParams) {
    if (this.options.assignment.published === false) return { status: 400, body: { errors: [{ message: 'Assignment is unpublished' }] } };
    const posted = form.get('submission[posted_grade]');
    if (posted !== null) {
      if (!/^\d+(\.\d+)?$/u.test(posted)) return { status: 400, body: { errors: [{ message: `invalid grade ${posted}` }] } };
      student.enteredScore = Number(posted);
      student.gradeMatchesCurrent = true;
    }
    const text = form.get('comment[text_comment]');
    if (text !== null) {
      const attachments = form.getAll('comment[file_ids][]').map((id) => {
        const file = this.files.get(Number(id));
        if (!file?.ready || file.userId !== student.userId)
          throw new Error(`file ${id} is not an uploaded comment file of this submission`);
        return {
          id: file.id,
          display_name: file.name,
          size: file.size,
          'content-type': file.contentType,
          url: `${this.url}/files/${file.id}/download`,
        };
      });
      const attempt = form.get('comment[attempt]');
      student.comments!.push({
        id: this.nextId++,
        comment: text,
        attempt: attempt === null ? (student.attempt ?? null) : Number(attempt),
        created_at: new Date().toISOString(),
        author_id: 1,
        author_name: 'Instructor',
        attachments,
      });
    }
    return { status: 200, body: this.submissionJson(student, true) };
  }

  private async upload(path: string, req: IncomingMessage, body: Buffer) {
    if (req.headers.authorization) this.tokenOnUpload++;
    const file = this.files.get(Number(path.split('/').pop()));
    if (!file) return { status: 404, body: 'no such upload' };
    const entries = [
      ...(await new Response(body, { headers: { 'Content-Type': req.headers['content-type'] ?? '' } }).formData()).entries(),
    ];
    const last = entries.at(-1);
    if (!last || last[0] !== 'file' || typeof last[1] === 'string') return { status: 400, body: 'the file must be the last field' };
    if (entries.find(([k]) => k === 'key')?.[1] !== `comments/${file.id}/${file.name}`)
      return { status: 400, body: 'the upload parameters were changed' };
    file.bytes = Buffer.from(await last[1].arrayBuffer());
    if (file.bytes.length !== file.size) return { status: 400, body: `size ${file.bytes.length}, announced ${file.size}` };
    if (this.options.upload === 'created') {
      file.ready = true;
      return { status: 201, body: { id: file.id }, headers: { Location: `${this.url}/api/v1/files/${file.id}` } };
    }
    return { status: 302, body: '', headers: { Location: `${this.url}/api/v1/files/${file.id}/create_success?uuid=abc${file.id}` } };
  }

  /** The uploaded page of a comment, as text. */
  attachment(comment: FakeComment): string | undefined {
    const id = comment.attachments[0]?.id;
    return id === undefined ? undefined : this.files.get(id)?.bytes?.toString('utf8');
  }
}
