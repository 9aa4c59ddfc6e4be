import { ANALYSIS_CALL_MIN_CHARACTERS } from '@wayfarer/shared/constants';
import { chargeTextCeiling } from '../../domain/daily-ceilings';
import { usageCallerOf } from '../../domain/usage-subject';
import { httpRoute } from '../../http/route';
import { getAnalysedCharacters, getAnalyzer, getRatesReader, textCeilingPorts } from '../../providers';
import * as analysis from './service';

/**
 * Charges the text to the caller's daily analysis ceiling (DAILY_CEILINGS.analysisCharacters) before the analyser
 * is asked, whichever engine serves: each of a run's three calls counts its text, at least
 * ANALYSIS_CALL_MIN_CHARACTERS (a short text's answer may still be long). Throws the 429 when it is reached.
 */
async function charge(request: {
  readonly auth: Parameters<typeof usageCallerOf>[0];
  readonly sourceIp: string | undefined;
  readonly body: { readonly text: string };
}): Promise<void> {
  const caller = usageCallerOf(request.auth, request.sourceIp);
  const ports = await textCeilingPorts(getAnalysedCharacters);
  const characters = Math.max(request.body.text.length, ANALYSIS_CALL_MIN_CHARACTERS);
  await chargeTextCeiling(ports, 'analysisCharacters', caller, characters);
}

export const emergency = httpRoute('analysis.emergency', async (request) => {
  await charge(request);
  return analysis.analyseEmergency(getAnalyzer, request.body.text);
});

export const locations = httpRoute('analysis.locations', async (request) => {
  await charge(request);
  return analysis.findLocations(getAnalyzer, request.body.text);
});

export const prices = httpRoute('analysis.prices', async (request) => {
  const [rates] = await Promise.all([getRatesReader(), charge(request)]);
  return analysis.convertedPrices(
    { analyzer: getAnalyzer, rates },
    request.body.text,
    request.body.targetCurrency,
  );
});
