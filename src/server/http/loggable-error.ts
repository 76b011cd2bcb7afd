/**
 * What of an error may be written to a log (decision 0003, docs/decisions/0094): statements, never
 * values. A failed query carries the values it was given in several places, on both drivers:
 * drizzle's error message ("Failed query: … params: …") and its `params`, PGlite's `query`/`params`/
 * `queryOptions`, PostgreSQL's `detail` ("Key (phone)=(+1 555 …) already exists"), `where` and
 * `internalQuery` (the statement a function ran, with its literals), and a message quoting the
 * value it could not read ('invalid input syntax for type integer: "…"'). Those are consultation
 * notes, owners' names and phones, a finder's position. So a database error is logged as its
 * SQLSTATE code, the names of the constraint, table and column, the statement with its $n
 * placeholders, and its message with every quoted part blanked; its `cause` the same way.
 *
 * Every log of the server goes through this: it is the `err` serializer of the app's logger
 * (app.ts), and `errorText` is the one line the command-line paths print.
 */
type LoggableError = {
  type: string;
  message: string;
  /** the frames, after the loggable message ('' when the error has none) */
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** the statement, with placeholders ($1 …) and never the values bound to them */
  statement?: string;
  cause?: LoggableError;
};

type ErrorLike = Error & {
  code?: unknown;
  query?: unknown;
  params?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** drizzle's DrizzleQueryError: "Failed query: <statement>\nparams: <values>". */
function isDrizzleQueryError(e: ErrorLike): boolean {
  return e.message.startsWith('Failed query: ') && 'params' in e;
}

/** A database's own error (SQLSTATE code) or a failed query wrapped by drizzle. */
function isDatabaseError(e: ErrorLike): boolean {
  return (typeof e.code === 'string' && SQLSTATE.test(e.code)) || isDrizzleQueryError(e) || 'params' in e;
}

/** Quoted parts blanked: values ('… integer: "abc"', 'value "99999999999" is out of range') and names alike. */
function withoutQuoted(text: string): string {
  return text.replace(/"(?:[^"]|"")*"/g, '"…"').replace(/'(?:[^']|'')*'/g, "'…'");
}

function safeMessage(e: ErrorLike): string {
  if (isDrizzleQueryError(e)) return e.message.split('\nparams:')[0];
  return isDatabaseError(e) ? withoutQuoted(e.message) : e.message;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function loggableError(err: unknown, depth = 0): LoggableError {
  if (!(err instanceof Error))
    return { type: typeof err, message: typeof err === 'string' ? withoutQuoted(err) : 'non-error thrown', stack: '' };
  const e = err as ErrorLike;
  const message = safeMessage(e);
  // The frames only: the first lines of a stack repeat the message.
  const frames = e.stack?.split('\n').filter((line) => line.startsWith('    at ')) ?? [];
  const out: LoggableError = {
    type: e.name,
    message,
    stack: frames.length ? [`${e.name}: ${message}`, ...frames].join('\n') : '',
  };
  if (typeof e.code === 'string') out.code = e.code;
  if (isDatabaseError(e)) {
    out.constraint = text(e.constraint);
    out.table = text(e.table);
    out.column = text(e.column);
    out.statement = text(e.query);
  }
  if (e.cause !== undefined && depth < 4) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

/** One line for a console (the command-line paths): the error's loggable message and its causes'. */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: LoggableError | undefined = loggableError(err); e; e = e.cause)
    parts.push(e.code ? `${e.message} (${e.code})` : e.message);
  return parts.join(': ');
}
