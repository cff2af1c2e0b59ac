export const tool = 'script';
