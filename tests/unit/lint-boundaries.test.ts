// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The boundaries README's "Layout" describes are enforced by lint (eslint.config.js): each import below is refused. */
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// ESLint loads the TypeScript parser and the whole config on the first call: seconds on a busy machine.
describe('lint boundaries', { timeout: 60_000 }, () => {
  it('a feature importing another feature fails', async () => {
    const found = await refusals(
      'src/client/features/home/probe.tsx',
      "import { PetProfilePage } from '#client/features/pet-profile/pet-profile-page';\nexport const probe = PetProfilePage;\n",
    );
    expect(found.join('\n')).toMatch(/A feature never imports another feature/);
  });

  it('a feature importing its own modules and the shared ones passes', async () => {
    const code =
      "import { HomePage } from '#client/features/home/home-page';\nimport { Pager } from '#client/components/lists/pager';\nimport { API } from '#shared/contract/paths';\nexport const probe = [HomePage, Pager, API];\n";
    expect(await refusals('src/client/features/home/probe.tsx', code)).toEqual([]);
  });

  it('a relative import of a project module fails', async () => {
    expect(
      (
        await refusals(
          'src/client/features/home/probe.tsx',
          "import { HomePage } from './home-page';\nexport const probe = HomePage;\n",
        )
      ).join('\n'),
    ).toMatch(/#client\/\*/);
    expect(
      (
        await refusals(
          'src/server/routes/probe.ts',
          "import { API } from '../../shared/contract/paths';\nexport const probe = API;\n",
        )
      ).join('\n'),
    ).toMatch(/#client\/\*/);
  });

  it('tests import their support as #tests/*, never by a relative path', async () => {
    for (const filePath of ['tests/api/probe.test.ts', 'tests/e2e/probe.spec.ts', 'tests/bench/probe.ts']) {
      expect(
        (await refusals(filePath, "import { isoDay } from '../support/days';\nexport const probe = isoDay;\n")).join(
          '\n',
        ),
      ).toMatch(/#tests\/\*/);
      expect(
        await refusals(filePath, "import { isoDay } from '#tests/support/days';\nexport const probe = isoDay;\n"),
      ).toEqual([]);
    }
    expect(
      (
        await refusals(
          'tests/e2e/probe.spec.ts',
          "import { test } from './support/test';\nexport const probe = test;\n",
        )
      ).join('\n'),
    ).toMatch(/#tests\/\*/);
  });

  it('components/ and api/ import neither app/ nor a feature', async () => {
    expect(
      (
        await refusals(
          'src/client/components/probe.tsx',
          "import { router } from '#client/app/router';\nexport const probe = router;\n",
        )
      ).join('\n'),
    ).toMatch(/components\/ and api\//);
    expect(
      (
        await refusals(
          'src/client/api/probe.ts',
          "import { HomePage } from '#client/features/home/home-page';\nexport const probe = HomePage;\n",
        )
      ).join('\n'),
    ).toMatch(/components\/ and api\//);
  });

  it('the server never imports the client, the client never the server, shared neither', async () => {
    expect(
      (
        await refusals(
          'src/server/pages/probe.ts',
          "import { render } from '#client/app/entry-server';\nexport const probe = render;\n",
        )
      ).join('\n'),
    ).toMatch(/server never imports client/);
    expect(
      (
        await refusals(
          'src/client/features/home/probe.tsx',
          "import { loadConfig } from '#server/config';\nexport const probe = loadConfig;\n",
        )
      ).join('\n'),
    ).toMatch(/client never imports server/);
    expect(
      (await refusals('src/shared/probe.ts', "import fs from 'node:fs';\nexport const probe = fs;\n")).join('\n'),
    ).toMatch(/src\/shared is imported by both sides/);
  });

  it('production code never imports test support', async () => {
    expect(
      (
        await refusals(
          'src/client/components/probe.tsx',
          "import { renderWithApp } from '#tests/support/render-with-app';\nexport const probe = renderWithApp;\n",
        )
      ).join('\n'),
    ).toMatch(/never imports test support/);
  });

  it('an import circle fails; a type-only import back does not', async () => {
    // Linted as if it were http/errors.ts, which multipart.ts imports: importing multipart's value back closes a circle.
    const cycles = async (code: string) =>
      (await eslint.lintText(code, { filePath: 'src/server/http/errors.ts' }))[0].messages.filter(
        (m) => m.ruleId === 'import-x/no-cycle',
      );
    expect(
      await cycles("import { readMultipart } from '#server/media/multipart';\nexport const probe = readMultipart;\n"),
    ).toHaveLength(1);
    expect(
      await cycles("import type { UploadedFile } from '#server/media/multipart';\nexport type Probe = UploadedFile;\n"),
    ).toEqual([]);
  });
});
