import { API_BASE, STATISTICS_BASE } from '../constants.ts';
import { ADMINS, ATK_ONLY, endpoint, variants } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import { atkProductItem, atkProductsQuery } from '../schemas/mobile.ts';
import {
  product,
  productCreateBody,
  productImport,
  productImportAnswer,
  productListItem,
  productQuery,
  productUpdate,
} from '../schemas/products.ts';

const tag = 'products';

/** Products (docs/api.md "Brand content"): a customer's are its master brand's, admins reach every brand's. */
export const productEndpoints = {
  products: variants({
    method: 'GET',
    path: '/products',
    query: productQuery,
    data: listOf(productListItem),
    tag,
    summary: 'List products',
    description:
      "A customer lists its master brand's products; admins any brand's (brand_id) or every brand's. With all_brand=true, the other confirmed brands' published products instead (the instance product picker). Filtered by name, status and category; 20 a page.",
  }),
  createProduct: variants({
    method: 'POST',
    path: '/products',
    body: productCreateBody,
    data: product,
    tag,
    summary: 'Create a product',
    description: `Creates a product from its general section; msg '${MSG.createProductSuccess}'. A customer's is its master brand's (a brand_id it sends is ignored); admins name the brand (general.brand_id).`,
  }),
  product: variants({
    method: 'GET',
    path: '/products/:id',
    params: idParams,
    data: product,
    tag,
    summary: 'Read a product',
    description: "One product the caller may see, every section; another brand's, or a deleted one, is a 404.",
  }),
  updateProduct: variants({
    method: 'PUT',
    path: '/products/:id',
    params: idParams,
    body: productUpdate,
    data: product,
    tag,
    summary: 'Save a section of a product',
    description: `Saves one section ({type, content}: general, price, images, audio, songs, atk_songs, listening_guide, discography, tech_specs, frequency_graph) in one transaction and answers the product; msg '${MSG.updateSuccess}', or '${MSG.uploadSuccess}' for audio (the recording a presigned upload wrote, attached to one source of one song and queued for processing). atk_songs is for admins only.`,
  }),
  importProducts: endpoint({
    method: 'POST',
    path: `${API_BASE}/admin/products/import`,
    auth: ADMINS,
    body: productImport,
    data: productImportAnswer,
    tag,
    summary: "Copy a brand's products to a customer",
    description: `Copies the products of brand_id (without their audio) into the customer's master brand, skipping names already there, all or nothing; msg '${MSG.importSuccess}'.`,
  }),
  atkProducts: endpoint({
    method: 'GET',
    path: `${STATISTICS_BASE}/admin/products`,
    auth: [...ATK_ONLY, ...ADMINS],
    query: atkProductsQuery,
    data: listOf(atkProductItem),
    tag,
    summary: "List a brand's products (atk operator's picker)",
    description:
      "The brand's products by name (only deleted ones with is_deleted=true), for the atk operator's statistics and mobile screens; a brand gone, or for the atk operator one not confirmed yet, is a 404.",
  }),
};
