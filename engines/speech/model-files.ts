import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the embedded speech models live. They ship inside npm packages (docs/ENGINES.md), so they are resolved from
 * the installed packages and never fetched. moonshine-js exposes only its entry point through `exports`, which
 * is why its folder is found relative to that entry rather than by a subpath import.
 */
export interface SpeechModelFiles {
  encoder: string;
  decoder: string;
  vad: string;
}

export function speechModelFiles(): SpeechModelFiles {
  const moonshineEntry = resolveModule(
    '@moonshine-ai/moonshine-js',
    '@moonshine-ai/moonshine-js',
    'dist/moonshine.min.js',
  );
  const tiny = new URL('./model/tiny/quantized/', moonshineEntry);
  return {
    encoder: fileURLToPath(new URL('encoder_model.onnx', tiny)),
    decoder: fileURLToPath(new URL('decoder_model_merged.onnx', tiny)),
    vad: fileURLToPath(
      resolveModule(
        '@ricky0123/vad-web/dist/silero_vad_v5.onnx',
        '@ricky0123/vad-web',
        'dist/silero_vad_v5.onnx',
      ),
    ),
  };
}

/**
 * `import.meta.resolve`, except under Vite's module runner (Vitest's global setup starts the local cloud
 * through it), which does not provide it: there the file is looked up in the folders Node would search.
 */
export function resolveModule(specifier: string, packageName: string, file: string): string {
  try {
    return import.meta.resolve(specifier);
  } catch {
    const folders = createRequire(import.meta.url).resolve.paths(packageName) ?? [];
    for (const folder of folders) {
      const candidate = path.join(folder, packageName, file);
      if (existsSync(candidate)) return pathToFileURL(candidate).href;
    }
    throw new Error(`Cannot find ${packageName}/${file} in node_modules`);
  }
}
