import {
  envelopeOf,
  idParams,
  instrument,
  instrumentCreate,
  instrumentQuery,
  instrumentUpdate,
  listOf,
  MSG,
  song,
  songCreate,
  songQuery,
  songUpdate,
} from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute, VARIANTS } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as songs from './service.ts';

export function songRoutes(app: App, { db, storage }: Deps) {
  for (const { prefix, auth } of VARIANTS) {
    const config = { auth };
    const tags = ['songs'];
    app.get(
      `${prefix}/songs`,
      { config, schema: { tags, querystring: songQuery, response: { 200: envelopeOf(listOf(song)) } } },
      async (req) => ok(await songs.listSongs(db, currentUser(req), req.query)),
    );
    app.post(
      `${prefix}/songs`,
      { config, schema: { tags, body: songCreate, response: { 200: envelopeOf(song) } } },
      async (req) => ok(await songs.createSong(db, currentUser(req), req.body), MSG.createSongSuccess),
    );
    app.get(
      `${prefix}/songs/:id`,
      { config, schema: { tags, params: idParams, response: { 200: envelopeOf(song) } } },
      async (req) => ok(await songs.getSong(db, currentUser(req), req.params.id)),
    );
    app.put(
      `${prefix}/songs/:id`,
      { config, schema: { tags, params: idParams, body: songUpdate, response: { 200: envelopeOf(song) } } },
      async (req) => ok(await songs.updateSong(db, currentUser(req), req.params.id, req.body), MSG.updateSongSuccess),
    );
    deleteRoute(app, `${prefix}/songs/:id`, { auth, tags }, (id, req) => songs.deleteSong(db, currentUser(req), id));

    app.get(
      `${prefix}/instruments`,
      { config, schema: { tags, querystring: instrumentQuery, response: { 200: envelopeOf(listOf(instrument)) } } },
      async (req) => ok(await songs.listInstruments(db, storage, currentUser(req), req.query)),
    );
    app.post(
      `${prefix}/instruments`,
      { config, schema: { tags, body: instrumentCreate, response: { 200: envelopeOf(instrument) } } },
      async (req) => ok(await songs.createInstrument(db, currentUser(req), req.body), MSG.createInstrumentSuccess),
    );
    app.get(
      `${prefix}/instruments/:id`,
      { config, schema: { tags, params: idParams, response: { 200: envelopeOf(instrument) } } },
      async (req) => ok(await songs.getInstrument(db, currentUser(req), req.params.id)),
    );
    app.put(
      `${prefix}/instruments/:id`,
      { config, schema: { tags, params: idParams, body: instrumentUpdate, response: { 200: envelopeOf(instrument) } } },
      async (req) =>
        ok(await songs.updateInstrument(db, currentUser(req), req.params.id, req.body), MSG.updateInstrumentSuccess),
    );
    deleteRoute(app, `${prefix}/instruments/:id`, { auth, tags }, (id, req) =>
      songs.deleteInstrument(db, currentUser(req), id),
    );
  }
}
