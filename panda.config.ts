import { defineConfig } from '@pandacss/dev'

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/sw/**'],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: {
    extend: {
      tokens: {
        colors: {
          brand: {
            navy: { value: '#1e3a8a' },
            navyDark: { value: '#172554' },
            // Dark enough for white text on it and for orange text on white (WCAG AA, 4.5:1).
            orange: { value: '#c2410c' },
            orangeDark: { value: '#9a3412' },
          },
        },
      },
      semanticTokens: {
        colors: {
          primary: {
            DEFAULT: { value: '{colors.brand.navy}' },
            hover: { value: '{colors.brand.navyDark}' },
          },
          secondary: {
            DEFAULT: { value: '{colors.brand.orange}' },
            hover: { value: '{colors.brand.orangeDark}' },
          },
          // status colours of the spec's convention: waiting / done / cancelled-refunded-locked / other
          status: {
            waiting: { value: '{colors.orange.700}' }, // 600 fails contrast with white text
            done: { value: '{colors.green.700}' },
            cancelled: { value: '{colors.red.700}' },
            other: { value: '{colors.blue.700}' },
          },
          surface: { DEFAULT: { value: '{colors.white}' }, muted: { value: '{colors.gray.50}' } },
          text: { DEFAULT: { value: '{colors.gray.900}' }, muted: { value: '{colors.gray.600}' } },
          border: { value: '{colors.gray.200}' },
        },
      },
    },
  },
})
