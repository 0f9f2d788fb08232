import { defineConfig } from '@pandacss/dev'

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  // The console's classes are not in a shopper's stylesheet: the console loads its own
  // (panda.console.config.ts, scripts/console-css.ts).
  exclude: ['./src/sw/**', './src/features/ops/**', './src/routes/ops.*'],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // The app shell index.html draws before any script runs (header bar and a page skeleton), reused
  // by the header's placeholder while its code arrives. Plain class names: index.html is not scanned.
  globalCss: {
    '.shell-header': {
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'center',
      // the real headers: 60 px on a phone, 98 px (bar and category row) from md up
      height: { base: '60px', md: '98px' },
      bg: 'surface',
      borderBottom: '1px solid',
      borderColor: 'border',
    },
    '.shell-bar': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: { base: 'center', md: 'flex-start' },
      width: '100%',
      maxWidth: '7xl',
      height: '59px',
      px: '4',
    },
    '.shell-logo': {
      color: 'primary',
      fontWeight: 'bold',
      fontSize: { base: 'xl', md: '2xl' },
      letterSpacing: 'tight',
      whiteSpace: 'nowrap',
      textDecoration: 'none',
    },
    // the server's <picture> around a drawn image: the <img> sizes itself as a bare one would
    '.shell-picture': { display: 'contents' },
    '.shell-main': { maxWidth: '7xl', mx: 'auto', px: { base: '3', md: '4' }, py: '6', minHeight: '100vh' },
    '.shell-block': {
      bg: 'gray.100',
      borderRadius: 'md',
      height: { base: '160px', md: '320px' },
      mb: '6',
    },
    // the page's largest image, drawn by the server in place of the block: sized like the real one
    '.shell-banner': {
      display: 'block',
      width: '100%',
      height: { base: 'auto', md: '320px' },
      aspectRatio: { base: '15 / 4', md: 'auto' },
      objectFit: 'cover',
      borderRadius: 'md',
      bg: 'gray.100',
      mb: '6',
    },
    '.shell-cover': {
      display: 'block',
      width: { base: '100%', md: '39%' },
      aspectRatio: '1',
      objectFit: 'contain',
      borderRadius: 'md',
      bg: 'gray.100',
      mb: '6',
    },
    '.shell-grid': {
      display: 'grid',
      gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(5, 1fr)' },
      gap: '4',
    },
    '.shell-card': { bg: 'gray.100', borderRadius: 'md', aspectRatio: '3 / 4' },
    // a list's first covers, drawn by the server: square like the cards' own
    'img.shell-card': { display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover' },
  },
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
