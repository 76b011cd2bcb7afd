// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RenderInput, RenderResult } from '#shared/contract/server-render-state';
import type { RuntimeConfig } from '#shared/contract/runtime-config';
import { render } from '#client/app/entry-server';

const config = (appName: string): RuntimeConfig => ({
  appName,
  publicUrl: 'http://pawtal.test',
  mapTileUrl: 'https://tile.example/{z}/{x}/{y}.png',
  mapTileAttribution: 'tiles',
  supportPhone: '+1 555 0100',
  supportEmail: 'support@pawtal.test',
  shopUrl: 'https://shop.pawtal.test',
  appStoreUrl: 'https://apps.pawtal.test',
  playStoreUrl: 'https://play.pawtal.test',
});

const pet = (publicId: string, petName: string) => ({
  petId: publicId === 'AAA' ? 1 : 2,
  petName,
  age: 3,
  petBreed: 'Beagle',
  petImage: '/media/',
  dob: '2021-01-01',
  weight: null,
  petGender: 'Male',
  color: 'brown',
  microChipId: null,
  publicId,
  isSterilized: false,
  bloodType: null,
  description: '',
  isLost: false,
  isForAdoption: false,
  isRecordsPrivate: true,
  ownerName: '',
  ownderContactPhone: null,
  ownerContactEmail: null,
  petSkills: [],
  lostPetDetails: null,
});

/** A page's in-process calls, answered after a pause so that two renders overlap. */
function callsOf(name: string, calls: string[]): RenderInput['fetchApi'] {
  return async (url) => {
    calls.push(url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const publicId = new URL(url, 'http://x').searchParams.get('publicId') ?? '';
    return new Response(JSON.stringify({ result: 1, message: '', data: pet(publicId, name) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const markup = (result: RenderResult) => (result.rendered ? result.html : '');

describe('the server renderer', () => {
  it('answers each page’s calls through its own fetchApi and configuration, also when renders overlap', async () => {
    const callsA: string[] = [];
    const callsB: string[] = [];
    const [a, b] = await Promise.all([
      render({
        url: '/Pets/Details?publicId=AAA',
        language: 'en',
        config: config('Site A'),
        fetchApi: callsOf('Rex', callsA),
      }),
      render({
        url: '/Pets/Details?publicId=BBB',
        language: 'es',
        config: config('Site B'),
        fetchApi: callsOf('Luna', callsB),
      }),
    ]);
    // each visitor's calls reach the server as that visitor, in that page's language
    expect(callsA.every((u) => !u.includes('BBB'))).toBe(true);
    expect(callsB.every((u) => !u.includes('AAA'))).toBe(true);
    expect(callsA.some((u) => u.includes('AAA'))).toBe(true);
    expect(callsB.some((u) => u.includes('BBB'))).toBe(true);
    expect(markup(a)).toContain('Rex');
    expect(markup(b)).toContain('Luna');
    expect(markup(a)).toContain('Site A');
    expect(markup(b)).toContain('Site B');
    // and render once: the route's prefetch loaded what the page reads
    expect(a.rendered && a.timing?.passes).toBe(1);
    // the first render of the file loads every route's modules: seconds on a busy machine
  }, 30_000);

  it('gives "not found" answers to the browser as plain data that survives a thread and JSON', async () => {
    const fetchApi: RenderInput['fetchApi'] = async () =>
      new Response(JSON.stringify({ result: 0, message: 'Pet not found.', data: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const result = await render({
      url: '/Pets/Details?publicId=NOPE',
      language: 'en',
      config: config('Site'),
      fetchApi,
    });
    if (!result.rendered) throw new Error('not rendered');
    expect(result.status).toBe(404);
    const [query] = (structuredClone(result.state).queries?.queries ?? []) as { state: { error: unknown } }[];
    expect(JSON.parse(JSON.stringify(query.state.error))).toMatchObject({
      fromServer: true,
      message: 'Pet not found.',
    });
  });
});
