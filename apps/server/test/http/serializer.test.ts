/**
 * The answers' serializer (src/http/serializer.ts): an answer is checked against its schema, stripped of what the
 * schema does not name, and one that does not match is a 500; the contract's answers parse as the library's own
 * compiler would encode them (same JSON).
 */
import { envelopeOf, preferences } from '@atk/contract';
import Fastify from 'fastify';
import { serializerCompiler as encodingCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { serializerCompiler } from '../../src/http/serializer.ts';

const answer = z.object({ name: z.string(), id: z.uuid() });

async function serve(data: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: answer } } }, async () => data);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

describe('serializerCompiler', () => {
  const id = '1b4e28ba-2fa1-4d2e-883f-0016d3cca427';

  it('writes what the schema names, and nothing else', async () => {
    const res = await serve({ name: 'LC-1', id, password_hash: 'secret' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify({ name: 'LC-1', id }));
  });

  it('an answer that does not match its schema is a 500, not a wrong answer', async () => {
    expect((await serve({ name: 'LC-1', id: 'not-a-uuid' })).statusCode).toBe(500);
    expect((await serve({ id })).statusCode).toBe(500);
  });

  it('gives the JSON the encoding compiler gives, for a listener verdicts answer', () => {
    const schema = envelopeOf(preferences);
    const data = {
      code: 200,
      msg: 'ok',
      data: {
        votes: 3,
        no_preference: 1,
        min_votes: 20,
        products: [
          {
            product_id: id,
            name: 'LC-1',
            votes: 3,
            wins: 2,
            share: 2 / 3,
            low: 0.2,
            high: 0.9,
            strength: null,
            strength_low: null,
            strength_high: null,
            extra: true,
          },
        ],
        pairs: [],
        abx: [],
      },
    };
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
    const ours = serializerCompiler(route)(data);
    expect(ours).toBe(encodingCompiler(route)(data));
    expect(JSON.parse(ours).data.products[0]).not.toHaveProperty('extra');
  });
});
