import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// docs/DESIGN.md §3: the workspace rules are lint rules; each case here is a deliberate violation lint must
// refuse (or a permitted import it must accept), linted as if it were a file at that path.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

// The first lint loads the config and the TypeScript parser: seconds on a busy machine, paid once here.
beforeAll(() => eslint.lintText('', { filePath: 'shared/example.ts' }), 120_000);

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('workspace import rules', () => {
  it('lambdas never import an engine', async () => {
    const messages = await restrictedImports(
      'lambdas/adapters/local/example.ts',
      "import { engines } from '@wayfarer/engines/register';\nexport const all = engines;\n",
    );
    expect(messages.join('\n')).toMatch(/never imports engines/);
  });

  it('a Lambda area never imports an engine', async () => {
    const messages = await restrictedImports(
      'lambdas/functions/vision/example.ts',
      "import { sharedOcr } from '@wayfarer/engines/vision/tesseract-ocr';\nexport const ocr = sharedOcr;\n",
    );
    expect(messages.join('\n')).toMatch(/never imports engines/);
  });

  it('an engine never imports a Lambda area', async () => {
    const messages = await restrictedImports(
      'engines/vision/example.ts',
      "import { startTranslation } from '@wayfarer/lambdas/functions/translate/service';\nexport const start = startTranslation;\n",
    );
    expect(messages.join('\n')).toMatch(/never imports a Lambda area/);
  });

  it('an engine never imports the local cloud', async () => {
    const messages = await restrictedImports(
      'engines/speech/example.ts',
      "import { createGateway } from '@wayfarer/infra/local/gateway';\nexport const gateway = createGateway;\n",
    );
    expect(messages.join('\n')).toMatch(/engines\/ see lambdas\/ and shared\/ only/);
  });

  it('an engine may implement a port and use what lies below the areas', async () => {
    const messages = await restrictedImports(
      'engines/vision/example.ts',
      "import type { Vision } from '@wayfarer/lambdas/ports/vision';\nimport { getConfig } from '@wayfarer/lambdas/config';\nexport type V = Vision;\nexport const config = getConfig;\n",
    );
    expect(messages).toEqual([]);
  });

  it('every folder under frontend/src/features is a feature that may not import another (history included)', async () => {
    const messages = await restrictedImports(
      'frontend/src/features/history/example.ts',
      "import { VoicePage } from '../voice/components/voice-page';\nexport const page = VoicePage;\n",
    );
    expect(messages.join('\n')).toMatch(/Features do not import each other/);
  });

  it('a feature never imports src/app, which composes the features; its tests may', async () => {
    const source =
      "import { languageOptions } from '../../../app/i18n-options';\nexport const options = languageOptions;\n";
    const messages = await restrictedImports('frontend/src/features/legal/components/example.ts', source);
    expect(messages.join('\n')).toMatch(/A feature never imports src\/app/);

    expect(await restrictedImports('frontend/src/features/legal/components/example.test.ts', source)).toEqual(
      [],
    );
  });

  it('a feature test is still refused another feature', async () => {
    const messages = await restrictedImports(
      'frontend/src/features/history/example.test.ts',
      "import { VoicePage } from '../voice/components/voice-page';\nexport const page = VoicePage;\n",
    );
    expect(messages.join('\n')).toMatch(/Features do not import each other/);
  });
});
