export * from './types';
export { extractFields, findAgreementDate, findEffectiveDateSpan } from './extract-fields';
export { findDates, parseDuration, toIso, type DateMention } from './dates';
export { extractTitle } from './title';
export { extractParties } from './parties';
export { extractTermAndRenewal } from './term';
export { extractGoverningLaw, extractForum } from './jurisdiction';
export { extractAmounts, classifyMoneyContext } from './money';
export { EACH_PARTY, extractLiability, readIndemnity, type DamagesExclusion, type Indemnity, type InsuranceRequirement, type LiabilityCap, type LiabilityFacts } from './liability';
