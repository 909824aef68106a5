import {
  envelopeOf,
  idParams,
  listOf,
  MSG,
  product,
  productCreateBody,
  productImport,
  productImportAnswer,
  productListItem,
  productQuery,
  productUpdate,
} from '@atk/contract';
import { ADMINS, currentUser } from '../../http/auth.ts';
import { ok, sendSerialized, serializeOk } from '../../http/envelope.ts';
import { VARIANTS } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as products from './service.ts';

export function productRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const listCaches = products.productListCaches();
  for (const { prefix, auth } of VARIANTS) {
    const config = { auth };
    const tags = ['products'];
    app.get(
      `${prefix}/products`,
      { config, schema: { tags, querystring: productQuery, response: { 200: envelopeOf(listOf(productListItem)) } } },
      async (req, reply) =>
        sendSerialized(
          reply,
          await products.listProducts(db, listCaches, currentUser(req), req.query, (page) => serializeOk(reply, page)),
        ),
    );
    app.post(
      `${prefix}/products`,
      { config, schema: { tags, body: productCreateBody, response: { 200: envelopeOf(product) } } },
      async (req) =>
        ok(await products.createProduct(deps, currentUser(req), req.body.general), MSG.createProductSuccess),
    );
    app.get(
      `${prefix}/products/:id`,
      { config, schema: { tags, params: idParams, response: { 200: envelopeOf(product) } } },
      async (req) => ok(await products.getProduct(deps, currentUser(req), req.params.id)),
    );
    app.put(
      `${prefix}/products/:id`,
      { config, schema: { tags, params: idParams, body: productUpdate, response: { 200: envelopeOf(product) } } },
      async (req) =>
        ok(
          await products.updateProduct(deps, currentUser(req), req.params.id, req.body),
          req.body.type === 'audio' ? MSG.uploadSuccess : MSG.updateSuccess,
        ),
    );
  }

  app.post(
    '/admin/products/import',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['products'],
        body: productImport,
        response: { 200: envelopeOf(productImportAnswer) },
      },
    },
    async (req) => ok(await products.importProducts(db, req.body), MSG.importSuccess),
  );
}
