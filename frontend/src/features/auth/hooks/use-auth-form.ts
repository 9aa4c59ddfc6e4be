import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateMessage } from '../../../lib/translate-message';

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** Every message per field, in rule order, so the form can list all the rules a password still breaks. */
function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Shows a message key translated and any other text (the server's, the reset page's literals) as it is. */
export function useShowMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback((message: string) => translateMessage(t, message), [t]);
}

/**
 * Form state over one of the shared form schemas (docs/SPEC.md §5): errors appear on submit, then follow each change;
 * `busy` covers the call so a double click sends one request.
 */
export function useAuthForm<Values extends Record<string, string>, Parsed>(
  schema: z.ZodType<Parsed>,
  initial: Values,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);

  const check = useCallback(
    (candidate: Values): Parsed | undefined => {
      const result = schema.safeParse(candidate);
      setErrors(result.success ? {} : fieldErrorsOf(result.error));
      return result.success ? result.data : undefined;
    },
    [schema],
  );

  const change = useCallback(
    (field: keyof Values, value: string) => {
      setValues((previous) => {
        const next = { ...previous, [field]: value };
        if (attempted) check(next);
        return next;
      });
    },
    [attempted, check],
  );

  /** Validates, then runs the call with the parsed values; nothing is sent while a field is wrong. */
  const submit = useCallback(
    async (send: (parsed: Parsed) => Promise<void>) => {
      setAttempted(true);
      const parsed = check(values);
      if (parsed === undefined || busy) return;
      setBusy(true);
      try {
        await send(parsed);
      } finally {
        setBusy(false);
      }
    },
    [busy, check, values],
  );

  /** The props an AuthField needs to show and edit one of the form's fields. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    errors,
    onValueChange: (value: string) => change(name, value),
  });

  return { values, errors, busy, change, submit, field };
}
