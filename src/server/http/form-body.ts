/**
 * The one server form parser (issue 12): a portal request's payload, as a multipart `json` part
 * with `imageFile` parts or as a plain JSON body, checked against the payload's shared form
 * (src/shared/forms). Broken multipart, a payload that is not an object, that carries an object or a list where a
 * field takes a single value, or that breaks the shared input rules is a 400 with the envelope; a broken form rule is result 0 with the rule's message
 * in the request's language. Nothing is stored here.
 */
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { misplacedStructurePath, parsePayload, type PayloadForm } from '#shared/forms/payload-form';
import { BadRequestError, UserError } from '#server/http/errors';
import type { SharedMessageKey } from '#server/http/messages';
import { formBodyDoc, type FormFiles } from '#server/http/form-docs';
import { BODY_LIMIT } from '#server/http/body-limits';
import { readMultipart, type UploadedFile } from '#server/media/multipart';

export interface FormRequest<T> {
  values: T;
  /** the `imageFile` parts, in the order they were sent (none for a JSON body) */
  files: UploadedFile[];
}

export async function readForm<S extends AnyObjectSchema, T>(
  request: FastifyRequest,
  form: PayloadForm<S, T>,
): Promise<FormRequest<T>> {
  const { raw, files } = await readMultipart(request);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new BadRequestError(`Invalid json: expected an object, not ${kindOfValue(raw)}`);
  const misplaced = misplacedStructurePath(form.schema, raw);
  if (misplaced !== null) throw BadRequestError.of('singleValueExpected', { field: misplaced });
  try {
    return { values: await parsePayload(form, raw), files };
  } catch (err) {
    if (err instanceof ValidationError) throw new UserError(sharedMessageKey(err.message));
    throw err;
  }
}

/** What a payload that is not an object is, for its error: "null", "an array", "a string"… */
function kindOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** A message key: dotted words, perhaps after a namespace ("validation.tooLong", "found:validation.sizeUnknown"). */
const MESSAGE_KEY = /^(?:\w+:)?\w+(?:\.\w+)+$/;

/**
 * The key of a shared form's message: the forms' messages are keys of the client's `portal` namespace, or name their
 * namespace ("found:…"). A rule the schema left without a message (a null where a boolean is expected) carries yup's
 * own English sentence with the field's path in it: it is answered as an invalid value, never as that sentence.
 */
function sharedMessageKey(message: string): SharedMessageKey {
  if (!MESSAGE_KEY.test(message)) return 'portal:validation.invalidValue';
  return (message.includes(':') ? message : `portal:${message}`) as SharedMessageKey;
}

/** readForm checks the body: Fastify's own body validation stays out of the way (it would answer ajv's texts). */
const bodyCheckedByReadForm: FastifySchemaCompiler<unknown> = () => () => true;

/**
 * Route options of a call whose body readForm reads: `schema` completed with the body of the API
 * documentation (from the form's schema: the JSON body and, with `files`, the multipart one), and
 * no second validation of that body. The route must have no other schema part to validate.
 */
export function formRoute<S extends object>(
  form: PayloadForm<AnyObjectSchema, unknown>,
  schema: S,
  files: FormFiles | null = null,
) {
  return {
    bodyLimit: BODY_LIMIT.form,
    validatorCompiler: bodyCheckedByReadForm,
    schema: {
      ...schema,
      body: formBodyDoc(form.schema, files),
      consumes: files ? ['multipart/form-data', 'application/json'] : ['application/json'],
    },
  };
}
