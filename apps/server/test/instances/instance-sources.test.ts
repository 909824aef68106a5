/** The pure rules behind an instance's sources (no database). */
import type { InstanceSong } from '@atk/contract';
import { describe, expect, it } from 'vitest';
import { deriveSources, sameSourceSet, sameSources, sortSources } from '../../src/modules/instances/sources.ts';

const song = (song_id: string, is_active: 0 | 1, order: number, instruments: [string, 0 | 1, number][]) => ({
  song_id,
  is_active,
  order,
  instruments: instruments.map(([instrument_id, a, o]) => ({ instrument_id, is_active: a, order: o })),
});
const avail = (song_id: string, instruments: string[], is_atk = false) => ({ song_id, is_atk, instruments });

describe('deriveSources', () => {
  it('starts from nothing: every song and source active, numbered 1..n in the given order', () => {
    expect(deriveSources([], [avail('s1', ['a', 'b']), avail('s2', [])])).toEqual([
      song('s1', 1, 1, [
        ['a', 1, 1],
        ['b', 1, 2],
      ]),
      song('s2', 1, 2, []),
    ]);
  });

  it("keeps the brand's choices, drops what vanished, appends what is new, renumbers without gaps", () => {
    const existing: InstanceSong[] = [
      song('s3', 1, 1, [['c', 0, 1]]),
      song('gone', 1, 2, [['x', 1, 1]]),
      song('s1', 0, 3, [
        ['b', 1, 1],
        ['old', 1, 2],
        ['a', 0, 3],
      ]),
    ];
    const out = deriveSources(existing, [avail('s1', ['a', 'b', 'new']), avail('s2', ['d']), avail('s3', ['c'])]);
    expect(out).toEqual([
      song('s3', 1, 1, [['c', 0, 1]]),
      song('s1', 0, 2, [
        ['b', 1, 1],
        ['a', 0, 2],
        ['new', 1, 3],
      ]),
      song('s2', 1, 3, [['d', 1, 1]]),
    ]);
  });

  it('reads stored entries by their order, not their place in the list', () => {
    const out = deriveSources([song('b', 1, 2, []), song('a', 1, 1, [])], [avail('a', []), avail('b', [])]);
    expect(out.map((s) => [s.song_id, s.order])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('appends a new platform song inactive once the ATK songs limit is reached', () => {
    const existing = [song('atk1', 1, 1, []), song('atk2', 0, 2, [])];
    const out = deriveSources(
      existing,
      [
        avail('atk1', [], true),
        avail('atk2', [], true),
        avail('atk3', [], true),
        avail('atk4', [], true),
        avail('own', []),
      ],
      { atkLimit: 2 },
    );
    expect(out.map((s) => [s.song_id, s.is_active])).toEqual([
      ['atk1', 1],
      ['atk2', 0],
      ['atk3', 1],
      ['atk4', 0],
      ['own', 1],
    ]);
  });

  it('lists a song and a source once even if stored twice', () => {
    const out = deriveSources(
      [
        song('s', 1, 1, [
          ['a', 1, 1],
          ['a', 0, 2],
        ]),
        song('s', 0, 2, []),
      ],
      [avail('s', ['a'])],
    );
    expect(out).toEqual([song('s', 1, 1, [['a', 1, 1]])]);
  });
});

describe('comparing sources', () => {
  const stored = [
    song('s1', 1, 1, [
      ['a', 1, 1],
      ['b', 1, 2],
    ]),
    song('s2', 1, 2, []),
  ];
  it('the same once sorted by order is unchanged', () => {
    const shuffled = [
      song('s2', 1, 2, []),
      song('s1', 1, 1, [
        ['b', 1, 2],
        ['a', 1, 1],
      ]),
    ];
    expect(sameSources(shuffled, stored)).toBe(true);
    expect(sortSources(shuffled)).toEqual(stored);
    expect(sameSources([{ ...stored[0], is_active: 0 }, stored[1]], stored)).toBe(false);
  });

  it('the set must be exactly the stored songs and sources, each once', () => {
    expect(sameSourceSet([stored[1], stored[0]], stored)).toBe(true);
    expect(sameSourceSet([stored[0]], stored)).toBe(false);
    expect(sameSourceSet([...stored, song('s3', 1, 3, [])], stored)).toBe(false);
    expect(sameSourceSet([stored[0], song('s2', 1, 2, [['z', 1, 1]])], stored)).toBe(false);
    expect(sameSourceSet([stored[0], stored[0]], [stored[0], stored[0]])).toBe(false);
  });
});
