import { songEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as songs from './service.ts';

export function songRoutes(app: App, { db, storage }: Deps) {
  for (const v of ['own', 'admin'] as const) {
    route(app, api.songs[v], async (req) => ok(await songs.listSongs(db, currentUser(req), req.query)));
    route(app, api.createSong[v], async (req) =>
      ok(await songs.createSong(db, currentUser(req), req.body), MSG.createSongSuccess),
    );
    route(app, api.song[v], async (req) => ok(await songs.getSong(db, currentUser(req), req.params.id)));
    route(app, api.updateSong[v], async (req) =>
      ok(await songs.updateSong(db, currentUser(req), req.params.id, req.body), MSG.updateSongSuccess),
    );
    route(app, api.songRecordings[v], async (req) =>
      ok(await songs.songRecordings(db, currentUser(req), req.params.id, req.query)),
    );
    removeRoute(app, api.removeSong[v], (id, req) => songs.deleteSong(db, currentUser(req), id));

    route(app, api.instruments[v], async (req) =>
      ok(await songs.listInstruments(db, storage, currentUser(req), req.query)),
    );
    route(app, api.createInstrument[v], async (req) =>
      ok(await songs.createInstrument(db, currentUser(req), req.body), MSG.createInstrumentSuccess),
    );
    route(app, api.instrument[v], async (req) => ok(await songs.getInstrument(db, currentUser(req), req.params.id)));
    route(app, api.updateInstrument[v], async (req) =>
      ok(await songs.updateInstrument(db, currentUser(req), req.params.id, req.body), MSG.updateInstrumentSuccess),
    );
    removeRoute(app, api.removeInstrument[v], (id, req) => songs.deleteInstrument(db, currentUser(req), id));
  }
}
