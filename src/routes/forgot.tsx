import { createFileRoute } from '@tanstack/react-router'
import { ForgotPage } from '../features/account/components/forgot-page.tsx'

export const Route = createFileRoute('/forgot')({
  component: ForgotPage,
})
