import { removal, variants } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import {
  instrument,
  instrumentCreate,
  instrumentQuery,
  instrumentUpdate,
  song,
  songCreate,
  songQuery,
  songRecordings,
  songRecordingsQuery,
  songUpdate,
} from '../schemas/catalogue.ts';
import { idParams } from '../schemas/common.ts';

const tag = 'songs';
const SCOPE =
  "A customer's songs are its master brand's (a brand_id it sends is ignored); admins name the brand (brand_id), or make a platform song (is_atk: 1).";

/** Songs and their sources (instrument tracks) (docs/api.md "Brand content"). */
export const songEndpoints = {
  songs: variants({
    method: 'GET',
    path: '/songs',
    query: songQuery,
    data: listOf(song),
    tag,
    summary: 'List songs',
    description:
      "A customer lists its master brand's songs, or the platform's with is_atk=true; admins any brand's (brand_id) or every song. Filtered by ids, type, sub category and name; 20 a page.",
  }),
  createSong: variants({
    method: 'POST',
    path: '/songs',
    body: songCreate,
    data: song,
    tag,
    summary: 'Create a song',
    description: `Creates a song, last among its sub category's; msg '${MSG.createSongSuccess}'. ${SCOPE}`,
  }),
  song: variants({
    method: 'GET',
    path: '/songs/:id',
    params: idParams,
    data: song,
    tag,
    summary: 'Read a song',
    description: "One song the caller may see; another brand's, or a deleted one, is a 404.",
  }),
  updateSong: variants({
    method: 'PUT',
    path: '/songs/:id',
    params: idParams,
    body: songUpdate,
    data: song,
    tag,
    summary: 'Change a song',
    description: `Saves the fields sent (absent ones stay); a new order or sub category moves it among its siblings in the same transaction; msg '${MSG.updateSongSuccess}'.`,
  }),
  songRecordings: variants({
    method: 'GET',
    path: '/songs/:id/recordings',
    params: idParams,
    query: songRecordingsQuery,
    data: songRecordings,
    tag,
    summary: "Who recorded a song's sources",
    description:
      "Each live source of a song the caller may see, with the brand's live products that hold a ready recording of it (by name): what the brand can compare. A customer sees only its master brand's products (a brand_id it sends is ignored); admins name the brand, else the song's brand, or every brand for a platform song.",
  }),
  removeSong: variants({
    ...removal('/songs/:id'),
    tag,
    summary: 'Delete a song',
    description: `Deletes it (kept, marked deleted) and takes it out of every player; msg '${MSG.deleteSuccess}'. A song that still has live sources or is listed by products is refused with 409, naming what uses it.`,
  }),
  instruments: variants({
    method: 'GET',
    path: '/instruments',
    query: instrumentQuery,
    data: listOf(instrument),
    tag,
    summary: 'List sources',
    description:
      "A song's sources (instrument tracks), by position with sort=order; with product_id, each with that product's audio of it.",
  }),
  createInstrument: variants({
    method: 'POST',
    path: '/instruments',
    body: instrumentCreate,
    data: instrument,
    tag,
    summary: 'Create a source',
    description: `Adds a source to a song the caller may change, last among its sources; msg '${MSG.createInstrumentSuccess}'.`,
  }),
  instrument: variants({
    method: 'GET',
    path: '/instruments/:id',
    params: idParams,
    data: instrument,
    tag,
    summary: 'Read a source',
    description: "One source of a song the caller may see; another brand's is a 404.",
  }),
  updateInstrument: variants({
    method: 'PUT',
    path: '/instruments/:id',
    params: idParams,
    body: instrumentUpdate,
    data: instrument,
    tag,
    summary: 'Change a source',
    description: `Saves the fields sent (absent ones stay); a new order moves it among its song's sources in the same transaction; msg '${MSG.updateInstrumentSuccess}'.`,
  }),
  removeInstrument: variants({
    ...removal('/instruments/:id'),
    tag,
    summary: 'Delete a source',
    description: `Deletes it (kept, marked deleted) and takes it out of every player; msg '${MSG.deleteSuccess}'. A source that live products hold a recording of is refused with 409, naming them.`,
  }),
};
