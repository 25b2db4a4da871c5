export { epcImagePath, epcLabel, epcLabels, epcLabelText, needsRenovationNotice } from './bands';
export { regionOf, type EpcRegion } from './region';
