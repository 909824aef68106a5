import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every answer is checked against its endpoint's contract schema, stripped of what the schema does not name, then
 * written as JSON; one that does not match is the server's fault, a 500 through the one error path.
 *
 * The answer is parsed (zod's forward direction), where fastify-type-provider-zod's own compiler encodes it: the
 * contract's answers hold no codecs or transforms (encoding one would throw), so both give the same JSON, but an
 * encode runs every checked value twice (a pass without checks first, then with them): a large answer (a brand's
 * listener verdicts) took several times as long (docs/architecture.md "One contract for every endpoint").
 */
export const serializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = ({
  schema,
  method,
  url,
}) => {
  const zod = schema instanceof $ZodType ? schema : schema.properties;
  if (!(zod instanceof $ZodType)) throw new Error(`${method} ${url}: an answer's schema must be a zod schema`);
  return (data) => {
    const result = safeParse(zod, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
