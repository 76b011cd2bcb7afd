// UNBUILT: replaced by the screen's own implementation (issues 4 and 5).
import { PageLoading } from '../../components/page-loading';

export default function Page() {
  return <PageLoading />;
}
