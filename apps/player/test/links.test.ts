/** The discography's links. */
import { expect, test } from 'vitest';
import { spotifyLink, webLink } from '../src/shared/links.ts';

test('Spotify URIs become open.spotify.com links; only http(s) links are kept', () => {
  expect(spotifyLink('spotify:track:4uLU6hMCjMI75M1A2tKUQC')).toBe(
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
  );
  expect(spotifyLink('spotify:album:1DFixLWuPkv3KT3TnV35m3')).toBe(
    'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3',
  );
  expect(spotifyLink('spotify:user:someone:playlist:37i9dQZF1DX')).toBe(
    'https://open.spotify.com/playlist/37i9dQZF1DX',
  );
  expect(spotifyLink('https://open.spotify.com/track/abc?si=1')).toBe('https://open.spotify.com/track/abc?si=1');
  expect(spotifyLink('javascript:alert(1)')).toBeNull();
  expect(spotifyLink('')).toBeNull();
  expect(webLink('https://tidal.com/browse/track/1')).toBe('https://tidal.com/browse/track/1');
  expect(webLink('data:text/html,hi')).toBeNull();
  expect(webLink('not a link')).toBeNull();
});
