// Icons of the web manifest and the iOS home screen, made from public/favicon.svg by
// @vite-pwa/assets-generator (sharp): `npm run icons`, then commit the PNGs in public/.
// The logo is a rounded blue square, so the maskable and Apple icons pad it on the same blue:
// a launcher may crop the maskable one to a circle (safe zone = the inner 80 %).
import { defineConfig, type Preset } from '@vite-pwa/assets-generator/config';

const LOGO_BLUE = '#1d4ed8';

const preset: Preset = {
  transparent: { sizes: [192, 512], padding: 0 },
  maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: LOGO_BLUE } },
  apple: { sizes: [180], padding: 0.2, resizeOptions: { background: LOGO_BLUE } },
};

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset,
  images: ['public/favicon.svg'],
});
