import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { CardGridSkeleton } from '../components/ui/card-grid-skeleton.tsx'
import { getHotList } from '../features/catalog/api/get-hot-list.ts'
import { type HomeData, HomePage } from '../features/home/components/home-page.tsx'
import { currentLanguage } from '../lib/i18n.ts'

export const Route = createFileRoute('/')({
  loaderDeps: () => ({ language: currentLanguage() }),
  loader: async ({ deps }): Promise<HomeData> => {
    try {
      return { hotList: await getHotList(deps.language), hotListFailed: false, offline: false }
    } catch {
      return { hotList: [], hotListFailed: true, offline: !navigator.onLine }
    }
  },
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
