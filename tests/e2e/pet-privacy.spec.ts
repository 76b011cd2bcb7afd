import { expect, test } from '#tests/e2e/support/test';

const DETAILS = '/api/Pets/GetPetDetailsByPublicId';

/**
 * The leak of issue 10 through the real server-rendered page (built client, data through the API
 * in-process): walking /Pets/Details?petProfileId=N shows a public ID only for pets the public
 * listings show; an unlisted pet's public ID, name and share image never appear.
 */
test('walking pet ids through the server-rendered page reveals no unlisted pet', async ({ request }) => {
  const unlisted = [
    { id: 1, publicId: 'DEMO0001', name: 'Biscuit' },
    { id: 3, publicId: 'DEMO0003', name: 'Mochi' },
  ];
  for (const pet of unlisted) {
    const html = await (await request.get(`/Pets/Details?petProfileId=${pet.id}&isFrom=Adoption`)).text();
    expect(html).not.toContain(pet.publicId);
    expect(html).not.toContain(pet.name);
    expect(html).not.toContain('/media/share/');
  }
  let shown = 0;
  for (let id = 1; id <= 60; id++) {
    const html = await (await request.get(`/Pets/Details?petProfileId=${id}`)).text();
    const publicIds = new Set([...html.matchAll(/publicId(?:=|\\?":\\?"|":")([A-Z0-9]{8})/g)].map((m) => m[1]));
    if (publicIds.size === 0) continue;
    shown++;
    // Only a listed pet (found by its id alone through the API) may show its public ID.
    const api = (await (await request.get(`${DETAILS}?petProfileId=${id}`)).json()) as {
      result: number;
      data: { publicId: string; isLost: boolean; isForAdoption: boolean } | null;
    };
    expect(api.result, `pet ${id} shows ${[...publicIds].join(',')} without being listed`).toBe(1);
    expect(api.data?.isLost || api.data?.isForAdoption).toBe(true);
    expect([...publicIds]).toEqual([api.data?.publicId]);
  }
  expect(shown).toBeGreaterThan(0);
});
