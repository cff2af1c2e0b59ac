export const betaInternal = 'beta';
