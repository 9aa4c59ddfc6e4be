import type { AnyLanguageWords } from './language-pack';

/** Patterns matched whatever the language: words several languages share, written once. */
export const ANY_LANGUAGE: AnyLanguageWords = {
  emergency: {
    phrases: {
      unconscious: [
        '(?:perd\\w*|pers[oa]) (?:el |la |i |os |o )?(?:conocimiento|conoscenza|connaissance|sentidos|sensi|consciencia|conhecimento)',
      ],
      'stroke-or-seizure': ['convuls\\w*', 'epilep\\w*', 'epiless\\w*', 'epilet\\w*'],
      'medical-emergency': ['ambulan[cz]\\w*', 'krankenwagen', 'rettungswagen', 'notarzt', 'samu'],
      'natural-disaster': ['tsunami', 'avalanche'],
      'call-for-help': [
        'emergency',
        'emergenc[iy]a',
        'urgence',
        'notfall',
        'emergenza',
        'socorro',
        'au secours',
        'aiuto\\s*!?',
      ],
    },
    wordClasses: {
      notAPerson: [
        'dog',
        'cat',
        'perro',
        'gato',
        'chien',
        'chat',
        'hund',
        'katze',
        'cane',
        'gatto',
        'cao',
        'whatsapp',
        'sms',
        'e-?mails?',
      ],
    },
  },
};
