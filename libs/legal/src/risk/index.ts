export { assessContractRisks, assessRisks, findGaps, gradeFinding } from './assess-risks';
export { determineBearer, type BearerMode } from './bearer';
export { EXPECTED_PROTECTIONS, RISK_PROFILES, type GapRule, type RiskProfile } from './risk-profiles';
export { BOTH_PARTIES, UNCLEAR, type PartyRef, type RiskAssessment, type RiskDocument, type RiskGap, type RiskItem, type Severity } from './types';
