import { fileURLToPath } from 'node:url';

/**
 * Where the embedded speech models live. They ship inside npm packages (ENGINES.md), so they are resolved from
 * the installed packages and never fetched. moonshine-js exposes only its entry point through `exports`, which
 * is why its folder is found relative to that entry rather than by a subpath import.
 */
export interface SpeechModelFiles {
  encoder: string;
  decoder: string;
  vad: string;
}

export function speechModelFiles(): SpeechModelFiles {
  const moonshineEntry = import.meta.resolve('@moonshine-ai/moonshine-js');
  const tiny = new URL('./model/tiny/quantized/', moonshineEntry);
  return {
    encoder: fileURLToPath(new URL('encoder_model.onnx', tiny)),
    decoder: fileURLToPath(new URL('decoder_model_merged.onnx', tiny)),
    vad: fileURLToPath(import.meta.resolve('@ricky0123/vad-web/dist/silero_vad_v5.onnx')),
  };
}
