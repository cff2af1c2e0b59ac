export const shared = 'lib';
