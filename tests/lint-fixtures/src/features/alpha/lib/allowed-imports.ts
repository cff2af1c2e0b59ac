import { shared } from '@/lib/shared';
import { own } from './own';

export const allowed = `${own} ${shared}`;
