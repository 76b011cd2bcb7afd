import crypto from 'node:crypto';

export interface MultipartFile {
  bytes: Buffer;
  /** the part's name: `imageFile` unless told (an import's CSV is `file`) */
  field?: string;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart/form-data body as the portal client sends it: a `json` part with the payload and
 * one part per file (`imageFile` unless the file names another). For app.inject({ payload: body, headers }).
 */
export function multipartBody(
  json: unknown,
  files: MultipartFile[] = [],
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----pawtal${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${text}\r\n`));
  files.forEach((file, i) => {
    const name = file.filename ?? `picture-${i}.jpg`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'imageFile'}"; filename="${name}"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
