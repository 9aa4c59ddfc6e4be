// Emergency telephone numbers per country (ISO 3166-1 alpha-2): police, medical (ambulance), fire, and the
// general number that reaches all three where one exists ('' where a service has no number of its own here).
//
// Sources, checked line by line on 2026-11-23:
// - the Android Open Source Project's emergency number database (packages/services/Telephony,
//   ecc/input/eccdata.txt, revision 2, as of commit 795f545 of 2024-03-05): per country, the numbers every
//   Android phone treats as emergency calls and the service each reaches, kept with the mobile operators;
// - Directive (EU) 2018/1972 art. 109 for 112 in every EU/EEA state; 3GPP TS 22.101 for 112 and 911 being
//   routed to the local emergency service by any GSM/UMTS/LTE network.
// The table was first written from the ITU-T "Emergency numbers in use" list as republished in Wikipedia's
// "List of emergency telephone numbers". The 2026-11-23 check against the AOSP database changed 54 entries:
// where the two disagreed on a short number, the AOSP number was taken (it is what local phones route);
// where AOSP gives only a local landline (6+ digits: AF, ER, GN, ST, TL medical/fire), that service is left
// empty and the general number is 112. National service numbers were kept where AOSP lists only the unified
// number for every service, since both reach help: AZ BE BG CY CZ DE GR HR HU IE IN LI LU LV MC MD PL SI SK
// ZA, and MY 994 (fire), KR 119 (ambulance), LK 1990 (ambulance), NA 10111, NG 112, PA/SV/MS 911, DZ 17/14,
// MA 19/15 (AOSP: 190/150; both are published). Not in the AOSP database, so unconfirmed and copied from the
// parent state: AX SJ (112), BL GF GP MF MQ NC PF PM RE WF YT (France's), BQ CW SX (911), CC CX NF (000),
// GG IM JE (999), UM (911); AQ BV GS HM PN TF have no telephone service of their own.
// Second check, 2026-11-25, against a source other than AOSP: the EU/EEA 112 list (Directive (EU)
// 2018/1972 art. 109) and, for the travel destinations in emergency-numbers.test.ts, the numbers the national
// services publish. One disagreement, fixed: PE medical 110 (AOSP) -> 106, the Ministry of Health's SAMU line
// (MINSA, as published by the state agency Andina and MINSA's own statements); 105 police and 116 fire agree.
// KM, TD and TG had no medical and no general number: general is now 112, which AOSP gives as their fallback
// and any GSM network routes (3GPP TS 22.101), as for AF, ER and GN above.
// A wrong number is the worst bug this product can have: change an entry only from a national regulator's
// or the AOSP database's current text, and name it in the commit.
//
// One line per country: CODE police medical fire general ('-' = none).

const TABLE = `
AD 110 116 118 112
AE 999 998 997 112
AF 119 - 119 112
AG 911 911 911 911
AI 911 911 911 911
AL 129 127 128 112
AM 911 911 911 911
AO 113 112 115 -
AQ - - - -
AR 911 107 100 911
AS 911 911 911 911
AT 133 144 122 112
AU 000 000 000 000
AW 911 911 911 911
AX 112 112 112 112
AZ 102 103 101 112
BA 122 124 123 112
BB 211 511 311 -
BD 999 999 999 999
BE 101 112 112 112
BF 17 18 18 -
BG 166 150 160 112
BH 999 999 999 999
BI 112 112 112 112
BJ 117 - 118 112
BL 17 15 18 112
BM 911 911 911 911
BN 993 991 995 -
BO 110 118 119 -
BQ 911 911 911 911
BR 190 192 193 -
BS 919 919 919 911
BT 113 112 110 -
BV - - - -
BW 999 997 998 112
BY 102 103 101 112
BZ 911 911 911 911
CA 911 911 911 911
CC 000 000 000 000
CD 118 - - 112
CF 117 117 117 117
CG 118 - - 112
CH 117 144 118 112
CI 170 185 180 -
CK 999 999 999 999
CL 133 131 132 -
CM 117 119 118 -
CN 110 120 119 -
CO 123 123 123 123
CR 911 911 911 911
CU 106 104 105 -
CV 132 130 131 -
CW 911 912 911 911
CX 000 000 000 000
CY 199 199 199 112
CZ 158 155 150 112
DE 110 112 112 112
DJ 17 18 18 -
DK 112 112 112 112
DM 911 911 911 911
DO 911 911 911 911
DZ 17 14 14 -
EC 911 911 911 911
EE 112 112 112 112
EG 122 123 180 -
EH 19 15 15 -
ER - - - 112
ES 091 112 080 112
ET 991 991 991 991
FI 112 112 112 112
FJ 917 911 911 -
FK 999 999 999 999
FM 911 911 911 911
FO 112 112 112 112
FR 17 15 18 112
GA 177 177 18 177
GB 999 999 999 999
GD 911 911 911 911
GE 112 112 112 112
GF 17 15 18 112
GG 999 999 999 999
GH 191 193 192 112
GI 199 190 190 112
GL 112 112 112 112
GM 911 116 118 -
GN 122 - - 112
GP 17 15 18 112
GQ 113 - 115 112
GR 100 166 199 112
GS - - - -
GT 120 123 123 -
GU 911 911 911 911
GW 117 113 118 -
GY 911 913 912 -
HK 999 999 999 999
HM - - - -
HN 911 911 911 911
HR 192 194 193 112
HT 114 116 115 -
HU 107 104 105 112
ID 110 118 113 112
IE 999 999 999 112
IL 100 101 102 112
IM 999 999 999 999
IN 100 108 101 112
IO 112 112 112 112
IQ 130 130 130 130
IR 110 115 125 112
IS 112 112 112 112
IT 113 118 115 112
JE 999 999 999 999
JM 119 110 110 112
JO 911 911 911 911
JP 110 119 119 -
KE 999 999 999 112
KG 102 103 101 112
KH 117 119 118 -
KI 192 194 193 -
KM 17 - 18 112
KN 911 911 333 911
KP 112 112 112 112
KR 112 119 119 -
KW 112 112 112 112
KY 911 911 911 911
KZ 102 103 101 112
LA 1191 1195 1190 -
LB 112 140 175 112
LC 999 911 911 911
LI 117 144 118 112
LK 119 1990 110 -
LR 911 911 911 911
LS 123 121 122 112
LT 112 112 112 112
LU 113 112 112 112
LV 110 113 112 112
LY 1515 1515 1515 -
MA 19 15 15 -
MC 17 15 18 112
MD 112 112 112 112
ME 122 124 123 112
MF 17 15 18 112
MG 117 117 118 -
MH 911 911 911 911
MK 192 194 193 112
ML 17 15 18 -
MM 199 192 191 -
MN 102 103 101 105
MO 999 999 999 999
MP 911 911 911 911
MQ 17 15 18 112
MR 117 118 118 -
MS 999 911 911 911
MT 112 112 112 112
MU 999 114 115 112
MV 119 102 118 -
MW 997 998 999 -
MX 911 911 911 911
MY 999 999 994 999
MZ 119 117 198 -
NA 10111 - - 112
NC 17 15 18 112
NE 17 15 18 -
NF 000 000 000 000
NG 112 112 112 112
NI 118 128 115 -
NL 112 112 112 112
NO 112 113 110 112
NP 100 102 101 -
NR 110 111 112 -
NU 999 999 999 999
NZ 111 111 111 111
OM 9999 9999 9999 9999
PA 911 911 911 911
PE 105 106 116 -
PF 17 15 18 112
PG 112 111 110 -
PH 911 911 911 911
PK 15 115 16 -
PL 997 999 998 112
PM 17 15 18 112
PN - - - -
PR 911 911 911 911
PS 100 101 102 -
PT 112 112 112 112
PW 911 911 911 911
PY 911 911 911 911
QA 999 999 999 999
RE 17 15 18 112
RO 112 112 112 112
RS 192 194 193 112
RU 102 103 101 112
RW 112 112 111 112
SA 999 997 998 911
SB 999 911 988 -
SC 999 999 999 999
SD 999 333 999 -
SE 112 112 112 112
SG 999 995 995 -
SH 999 911 999 999
SI 113 112 112 112
SJ 112 112 112 112
SK 158 155 150 112
SL 019 999 999 -
SM 113 118 115 112
SN 17 15 18 -
SO 888 888 888 888
SR 115 115 115 115
SS 999 999 999 999
ST - - 112 112
SV 911 911 911 911
SX 911 911 911 911
SY 112 110 113 -
SZ 999 911 933 112
TC 911 911 911 911
TD 17 - 18 112
TF - - - -
TG 117 - 118 112
TH 191 1669 199 191
TJ 102 103 101 112
TK 111 111 111 111
TL 112 110 - 112
TM 002 003 001 -
TN 197 190 198 -
TO 922 933 999 -
TR 155 112 110 112
TT 999 990 990 -
TV 911 911 911 911
TW 110 119 119 -
TZ 112 112 112 112
UA 102 103 101 112
UG 999 999 999 112
UM - - - 911
US 911 911 911 911
UY 911 911 911 911
UZ 102 103 101 112
VA 113 118 115 112
VC 911 911 911 911
VE 911 911 911 911
VG 999 999 999 911
VI 911 911 911 911
VN 113 115 114 -
VU 111 112 113 112
WF 17 15 18 112
WS 911 911 911 911
YE 199 199 199 199
YT 17 15 18 112
ZA 10111 10177 10177 112
ZM 991 991 993 112
ZW 995 999 993 999
`;

export interface EmergencyNumbers {
  readonly police: string;
  readonly medical: string;
  readonly fire: string;
  readonly general: string;
}

/** What a GSM phone dials when the country is unknown: networks route 112 to the local service. */
export const UNKNOWN_COUNTRY_NUMBER = '112';

export const EMERGENCY_NUMBERS: ReadonlyMap<string, EmergencyNumbers> = new Map(
  TABLE.trim()
    .split('\n')
    .map((line) => {
      const [code = '', police = '-', medical = '-', fire = '-', general = '-'] = line.split(' ');
      const number = (value: string): string => (value === '-' ? '' : value);
      return [
        code,
        { police: number(police), medical: number(medical), fire: number(fire), general: number(general) },
      ];
    }),
);

/** The numbers of a country, or undefined when the code is not a country we know. */
export function emergencyNumbersOf(countryCode: string): EmergencyNumbers | undefined {
  return EMERGENCY_NUMBERS.get(countryCode.trim().toUpperCase());
}
