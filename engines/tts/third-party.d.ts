// The two packages ship no types; these declare only the parts this folder calls.

declare module '@echogarden/espeak-ng-emscripten' {
  interface EspeakVoiceInfo {
    readonly name: string;
    readonly identifier: string;
    readonly languages: readonly { readonly priority: number; readonly name: string }[];
  }
  interface ESpeakNGWorker {
    readonly samplerate: number;
    /** 0 when the voice was found. */
    set_voice(name: string): number;
    /** Words a minute. */
    set_rate(wordsPerMinute: number): void;
    list_voices(): EspeakVoiceInfo[];
    /** Calls back with each piece of audio as it is made; a truthy return stops synthesis. */
    synthesize(text: string, onAudio: (samples: Int16Array, events: unknown[]) => boolean | undefined): void;
  }
  interface EspeakModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const createModule: (options?: object) => Promise<EspeakModule>;
  export default createModule;
}

declare module 'kuromoji' {
  export interface IpadicToken {
    readonly surface_form: string;
    /** Katakana as written; undefined for words outside the dictionary (numbers, Latin script). */
    readonly reading?: string;
    /** Katakana as said (は as ワ, long vowels as ー). */
    readonly pronunciation?: string;
  }
  export interface Tokenizer {
    tokenize(text: string): IpadicToken[];
  }
  interface Builder {
    build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void;
  }
  const kuromoji: { builder(options: { dicPath: string }): Builder };
  export default kuromoji;
}
