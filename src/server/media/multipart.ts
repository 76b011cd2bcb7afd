import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_FILES } from '#shared/constants';
import { BadRequestError, UserError } from '#server/http/errors';
import { assertAcceptableInput, routeSchemaOf } from '#server/http/input-guard';

export interface UploadedFile {
  /** the raw bytes, not yet checked: pass them to ingestImage */
  bytes: Buffer;
  filename: string;
}

export interface MultipartRequest {
  /** the parsed `json` part (or the plain JSON body), checked against the shared input rules only */
  raw: unknown;
  /** the `imageFile` parts, in the order they were sent */
  files: UploadedFile[];
}

function multipartError(err: unknown): Error {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new UserError('imageTooBig');
  if (code === 'FST_FILES_LIMIT') return new UserError('tooManyFiles', { max: MAX_UPLOAD_FILES });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new BadRequestError('Too many parts in the request');
  if (typeof code === 'string' && code.startsWith('FST_')) return BadRequestError.of('malformedMultipart');
  if (err instanceof UserError || err instanceof BadRequestError) return err;
  // busboy's own errors ("Unexpected end of multipart data", "Malformed part header", ...) are the client's.
  return BadRequestError.of('malformedMultipart');
}

/**
 * Reads a portal multipart request: the `json` part holds the payload, `imageFile` parts the
 * uploads (at most MAX_UPLOAD_FILES, each at most MAX_IMAGE_BYTES; other parts are ignored).
 * A plain JSON body is accepted too, as a payload without files. Nothing is stored here; the
 * payload is checked against its form by readForm (src/server/http/form-body.ts).
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartRequest> {
  if (!request.isMultipart()) {
    // (a JSON `null` is read on, and answered as a payload that is not an object by readForm)
    if (request.body === undefined)
      throw new BadRequestError('Expected a JSON object or a multipart body with a json part');
    assertAcceptableInput(request.body, 'body', routeSchemaOf(request, 'body'));
    return { raw: request.body, files: [] };
  }
  let json: string | null = null;
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'imageFile') {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new UserError('imageTooBig');
        files.push({ bytes, filename: part.filename });
      } else if (part.fieldname === 'json') {
        if (part.valueTruncated || typeof part.value !== 'string')
          throw new BadRequestError('The json part is too large');
        json = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (json === null) throw new BadRequestError('Missing the json part');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new BadRequestError('Malformed JSON in the json part');
  }
  assertAcceptableInput(raw, 'json', routeSchemaOf(request, 'json'));
  return { raw, files };
}
