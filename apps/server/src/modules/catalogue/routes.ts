import {
  category,
  categoryCreate,
  categoryUpdate,
  currency,
  currencyQuery,
  envelopeOf,
  idParams,
  listOf,
  MSG,
  nameQuery,
  subCategory,
  subCategoryCreate,
  subCategoryQuery,
  subCategoryUpdate,
} from '@atk/contract';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute, VARIANTS } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as catalogue from './service.ts';

const admins = { auth: ADMINS };

export function catalogueRoutes(app: App, { db }: Deps) {
  // Pickers: any brand user reads categories and sub categories; admins manage them (docs/api.md "Brand content").
  for (const { prefix, auth } of VARIANTS) {
    app.get(
      `${prefix}/categories`,
      {
        config: { auth },
        schema: { tags: ['catalogue'], querystring: nameQuery, response: { 200: envelopeOf(listOf(category)) } },
      },
      async (req) => ok(await catalogue.listCategories(db, req.query)),
    );
    app.get(
      `${prefix}/sub_categories`,
      {
        config: { auth },
        schema: {
          tags: ['catalogue'],
          querystring: subCategoryQuery,
          response: { 200: envelopeOf(listOf(subCategory)) },
        },
      },
      async (req) => ok(await catalogue.listSubCategories(db, req.query)),
    );
    app.get(
      `${prefix}/currencies`,
      {
        config: { auth },
        schema: { tags: ['catalogue'], querystring: currencyQuery, response: { 200: envelopeOf(listOf(currency)) } },
      },
      async (req) => ok(await catalogue.listCurrencies(db, req.query)),
    );
  }

  app.post(
    '/admin/categories',
    { config: admins, schema: { tags: ['catalogue'], body: categoryCreate, response: { 200: envelopeOf(category) } } },
    async (req) => ok(await catalogue.createCategory(db, req.body), MSG.createCategorySuccess),
  );
  app.get(
    '/admin/categories/:id',
    { config: admins, schema: { tags: ['catalogue'], params: idParams, response: { 200: envelopeOf(category) } } },
    async (req) => ok(await catalogue.getCategory(db, req.params.id)),
  );
  app.put(
    '/admin/categories/:id',
    {
      config: admins,
      schema: { tags: ['catalogue'], params: idParams, body: categoryUpdate, response: { 200: envelopeOf(category) } },
    },
    async (req) => ok(await catalogue.updateCategory(db, req.params.id, req.body), MSG.updateCategorySuccess),
  );
  deleteRoute(app, '/admin/categories/:id', { auth: ADMINS, tags: ['catalogue'] }, (id) =>
    catalogue.deleteCategory(db, id),
  );

  app.post(
    '/admin/sub_categories',
    {
      config: admins,
      schema: { tags: ['catalogue'], body: subCategoryCreate, response: { 200: envelopeOf(subCategory) } },
    },
    async (req) => ok(await catalogue.createSubCategory(db, req.body), MSG.createSubCategorySuccess),
  );
  app.get(
    '/admin/sub_categories/:id',
    { config: admins, schema: { tags: ['catalogue'], params: idParams, response: { 200: envelopeOf(subCategory) } } },
    async (req) => ok(await catalogue.getSubCategory(db, req.params.id)),
  );
  app.put(
    '/admin/sub_categories/:id',
    {
      config: admins,
      schema: {
        tags: ['catalogue'],
        params: idParams,
        body: subCategoryUpdate,
        response: { 200: envelopeOf(subCategory) },
      },
    },
    async (req) => ok(await catalogue.updateSubCategory(db, req.params.id, req.body), MSG.updateSubCategorySuccess),
  );
  deleteRoute(app, '/admin/sub_categories/:id', { auth: ADMINS, tags: ['catalogue'] }, (id) =>
    catalogue.deleteSubCategory(db, id),
  );
}
