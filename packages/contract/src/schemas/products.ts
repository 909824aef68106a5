import { z } from 'zod';
import type { QueryValues } from '../endpoint.ts';
import { audioRecord } from './catalogue.ts';
import { filterText, id, isoTime, pageQuery, queryBool, says, status01 } from './common.ts';
import {
  fileRef,
  listeningGuide,
  type ProductGeneral,
  productAudio,
  productDiscography,
  productGeneral,
  productImages,
  productPrice,
  storedListeningGuide,
} from './product-content.ts';
import { techSpecs } from './product-tech-specs.ts';

/**
 * Products: the section update that saves one tab, the product as read and listed, and its creation and import.
 * The sections themselves are schemas/product-content.ts and schemas/product-tech-specs.ts, exported to the package
 * from here by name, so `fileRef` and `storedListeningGuide`, which the read below shares with them, stay inside it.
 */
export {
  type DiscographyEntry,
  discographyEntry,
  type FileRef,
  type ListeningGuide,
  listeningGuide,
  type PriceEntry,
  type ProductAudio,
  type ProductDiscography,
  type ProductGeneral,
  type ProductImages,
  type ProductPrice,
  priceEntry,
  productAudio,
  productDiscography,
  productGeneral,
  productImages,
  productPrice,
  spotifyUri,
} from './product-content.ts';
export * from './product-tech-specs.ts';

// ── The section update: PUT /products/{id} {type, content} ──────────────────────────────────────────
export const PRODUCT_SECTIONS = [
  'general',
  'price',
  'images',
  'audio',
  'songs',
  'atk_songs',
  'listening_guide',
  'discography',
  'tech_specs',
  'frequency_graph',
] as const;
export type ProductSection = (typeof PRODUCT_SECTIONS)[number];

const section = <T extends ProductSection>(type: T) => z.literal(type).describe(`The section saved: ${type}.`);

export const productUpdate = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: section('general'), content: productGeneral.describe('Name, model, status, category, brand.') }),
      z.object({ type: section('price'), content: productPrice.describe('The default price and the others.') }),
      z.object({ type: section('images'), content: productImages.describe('Every image slot (the whole set).') }),
      z.object({
        type: section('audio'),
        content: productAudio.describe('The recording just uploaded, of one source of one song.'),
      }),
      z.object({
        type: section('songs'),
        content: z.array(id).max(500).describe("The brand's songs it offers, by id, up to 500."),
      }),
      /** The platform (is_atk) songs the product offers: admins only (docs/api.md "A product's ATK songs"). */
      z.object({
        type: section('atk_songs'),
        content: z
          .array(id, says('must be a list of song ids'))
          .max(500, { error: 'must list at most 500 songs' })
          .describe("The platform's (ATK) songs it offers, by id, up to 500: admins only."),
      }),
      z.object({ type: section('listening_guide'), content: listeningGuide.describe('The listening guide.') }),
      z.object({
        type: section('discography'),
        content: productDiscography.describe('The records it was used on (the whole list), up to 200.'),
      }),
      z.object({ type: section('tech_specs'), content: techSpecs.describe('The technical specifications.') }),
      z.object({
        type: section('frequency_graph'),
        content: fileRef.nullable().describe('The uploaded frequency graph; null to remove it.'),
      }),
    ],
    { error: `must be one of: ${PRODUCT_SECTIONS.join(', ')}` },
  )
  .meta({ example: { type: 'listening_guide', content: { content: '<p>Listen for the low end.</p>' } } });
export type ProductUpdate = z.infer<typeof productUpdate>;

export const product = z.object({
  _id: id.describe('Its id.'),
  general: z
    .object({
      name: z.string().describe('Its name.'),
      model: z.string().nullable().describe('Its model.'),
      is_published: status01.describe('1: published (offered in players); 0: not.'),
      brand_id: id.describe('Its brand.'),
      brand_name: z.string().describe("Its brand's name."),
      category_id: id.nullable().describe('Its category.'),
      sub_category_id: id.nullable().describe('Its sub category.'),
    })
    .describe('Name, model, status, category, brand.'),
  price: productPrice.nullable().describe('Its prices; null until saved.'),
  images: productImages.nullable().describe('Its images; null until saved.'),
  songs: z.array(id).describe("The brand's songs it offers."),
  atk_songs: z.array(id).describe("The platform's (ATK) songs it offers."),
  audio: z.array(audioRecord).describe('Its recordings, one per source of a song at most.'),
  listening_guide: storedListeningGuide.nullable().describe('Its listening guide; null until saved.'),
  discography: productDiscography.describe('The records it was used on.'),
  tech_specs: z
    .unknown()
    .nullable()
    .describe('Its technical specifications as saved (see the tech_specs section); null until saved.'),
  frequency_graph: fileRef.nullable().describe('Its frequency graph; null for none.'),
  is_active: status01.describe('1: live; 0: deleted.'),
  order: z.number().int().describe("Its position among its brand's products."),
  created_at: isoTime.describe('When it was created.'),
  updated_at: isoTime.describe('When it last changed.'),
});
export type Product = z.infer<typeof product>;

/** A row of the product lists, the client's and the operators' (docs/api.md "Brand content"). */
export const productListItem = z.object({
  _id: id.describe('Its id.'),
  updated_at: isoTime.describe('When it last changed.'),
  general: product.shape.general,
});
export type ProductListItem = z.infer<typeof productListItem>;

/** A row of the instance product pickers: GET /products (mine) or GET /products?all_brand=1 (others), as listed. */
export type PickerProduct = ProductListItem;

export const productQuery = pageQuery.extend({
  name: filterText(200).describe('Only products whose name contains this text.'),
  is_published: queryBool.optional().describe('true (1): only published products; false (0): only unpublished.'),
  brand_id: id
    .optional()
    .describe(
      "Admins: only this brand's products (with all_brand: every brand's but this one). Ignored for customers.",
    ),
  /** The picker of other brands' products (docs/api.md "Brand content"). */
  all_brand: queryBool
    .optional()
    .describe("true: other brands' published products (the instance product picker) instead of the caller's own."),
  category_id: id.optional().describe('Only products of this category.'),
});
/** GET /products as a caller gives it (the values the server parses it into: booleans, numbers). */
export type ProductQuery = QueryValues<typeof productQuery>;

export const productImport = z
  .object({
    customer_id: id.describe('The customer whose master brand receives the copies.'),
    brand_id: id.describe('The brand whose products are copied.'),
  })
  .meta({
    example: { customer_id: '0b9f1c52-5d0e-4a51-9d6c-1f0c2b7a9e11', brand_id: '6e4a2f0d-8c1b-4f7e-a3d2-5b9c0e1f2a34' },
  });
export type ProductImport = z.infer<typeof productImport>;

/** POST /products {general}. */
export const productCreateBody = z
  .object({ general: productGeneral.describe('Name, model, status, category, sub category and (admins) brand.') })
  .meta({
    example: {
      general: {
        name: 'U 87 Ai',
        model: 'U87AI',
        is_published: 0,
        category_id: '3f2b6c1e-9a4d-4e8b-b7c5-2d1e0f9a8b76',
      },
    },
  });
export type ProductCreateBody = z.infer<typeof productCreateBody>;
/** The `general` of POST /products (admins name the brand in general.brand_id). */
export type ProductCreate = Pick<
  ProductGeneral,
  'name' | 'model' | 'category_id' | 'sub_category_id' | 'brand_id' | 'is_published'
>;
/** POST /admin/products/import: how many products were copied. */
export const productImportAnswer = z.object({ imported: z.number().describe('How many products were copied.') });
export type ProductImportAnswer = z.infer<typeof productImportAnswer>;
