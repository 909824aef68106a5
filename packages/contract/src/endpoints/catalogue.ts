import { API_BASE } from '../constants.ts';
import { ADMINS, endpoint, removal, variants } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import {
  category,
  categoryCreate,
  categoryUpdate,
  currency,
  currencyQuery,
  nameQuery,
  subCategory,
  subCategoryCreate,
  subCategoryQuery,
  subCategoryUpdate,
} from '../schemas/catalogue.ts';
import { idParams } from '../schemas/common.ts';

const tag = 'catalogue';
const IN_USE =
  "A record still in use is refused with 409, naming what uses it ('Used by 12 products and 3 instances').";

/** The catalogue's categories and sub categories, and the currencies (docs/api.md "Brand content"). */
export const catalogueEndpoints = {
  categories: variants({
    method: 'GET',
    path: '/categories',
    query: nameQuery,
    data: listOf(category),
    tag,
    summary: 'List categories',
    description: 'Categories by name, 20 a page, filtered by name and state: the pickers of products and instances.',
  }),
  subCategories: variants({
    method: 'GET',
    path: '/sub_categories',
    query: subCategoryQuery,
    data: listOf(subCategory),
    tag,
    summary: 'List sub categories',
    description: 'Sub categories by name, each with its category, 20 a page, filtered by name, state and category.',
  }),
  currencies: variants({
    method: 'GET',
    path: '/currencies',
    query: currencyQuery,
    data: listOf(currency),
    tag,
    summary: 'List currencies',
    description: 'The ISO 4217 currencies, the usual ones (USD, EUR, GBP, JPY, CAD, AUD) first: the price pickers.',
  }),
  createCategory: endpoint({
    method: 'POST',
    path: `${API_BASE}/admin/categories`,
    auth: ADMINS,
    body: categoryCreate,
    data: category,
    tag,
    summary: 'Create a category',
    description: `Creates a category; msg '${MSG.createCategorySuccess}'.`,
  }),
  category: endpoint({
    method: 'GET',
    path: `${API_BASE}/admin/categories/:id`,
    auth: ADMINS,
    params: idParams,
    data: category,
    tag,
    summary: 'Read a category',
    description: 'One category; a deleted one is a 404.',
  }),
  updateCategory: endpoint({
    method: 'PUT',
    path: `${API_BASE}/admin/categories/:id`,
    auth: ADMINS,
    params: idParams,
    body: categoryUpdate,
    data: category,
    tag,
    summary: 'Change a category',
    description: `Renames it or switches it on or off; msg '${MSG.updateCategorySuccess}'.`,
  }),
  removeCategory: endpoint({
    ...removal(`${API_BASE}/admin/categories/:id`),
    auth: ADMINS,
    tag,
    summary: 'Delete a category',
    description: `Deletes it (kept, marked deleted); msg '${MSG.deleteSuccess}'. ${IN_USE}`,
  }),
  createSubCategory: endpoint({
    method: 'POST',
    path: `${API_BASE}/admin/sub_categories`,
    auth: ADMINS,
    body: subCategoryCreate,
    data: subCategory,
    tag,
    summary: 'Create a sub category',
    description: `Creates a sub category of a category; msg '${MSG.createSubCategorySuccess}'. An unknown category is a 404.`,
  }),
  subCategory: endpoint({
    method: 'GET',
    path: `${API_BASE}/admin/sub_categories/:id`,
    auth: ADMINS,
    params: idParams,
    data: subCategory,
    tag,
    summary: 'Read a sub category',
    description: 'One sub category with its category; a deleted one is a 404.',
  }),
  updateSubCategory: endpoint({
    method: 'PUT',
    path: `${API_BASE}/admin/sub_categories/:id`,
    auth: ADMINS,
    params: idParams,
    body: subCategoryUpdate,
    data: subCategory,
    tag,
    summary: 'Change a sub category',
    description: `Renames it, moves it to another category or switches it on or off; msg '${MSG.updateSubCategorySuccess}'.`,
  }),
  removeSubCategory: endpoint({
    ...removal(`${API_BASE}/admin/sub_categories/:id`),
    auth: ADMINS,
    tag,
    summary: 'Delete a sub category',
    description: `Deletes it (kept, marked deleted); msg '${MSG.deleteSuccess}'. ${IN_USE}`,
  }),
};
