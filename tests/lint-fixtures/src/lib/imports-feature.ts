import { betaInternal } from '@/features/beta/lib/internal';

export const libFromFeature = betaInternal;
