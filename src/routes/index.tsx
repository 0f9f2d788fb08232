import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { CardGridSkeleton } from '../components/ui/card-grid-skeleton.tsx'
import { HomePage } from '../features/home/components/home-page.tsx'
import { loadHome } from '../features/home/load-home.ts'
import { currentLanguage } from '../lib/i18n.ts'

export const Route = createFileRoute('/')({
  // a language switch changes the deps, so the seven lists load again in the new language
  loaderDeps: () => ({ language: currentLanguage() }),
  loader: ({ deps }) => loadHome(deps.language),
  pendingComponent: HomePending,
  component: HomeRoute,
})

function HomeRoute() {
  const data = Route.useLoaderData()
  const router = useRouter()
  return <HomePage data={data} language={currentLanguage()} onRetry={() => void router.invalidate()} />
}

function HomePending() {
  const { t } = useLingui()
  return <CardGridSkeleton label={t`正在加载商品`} />
}
