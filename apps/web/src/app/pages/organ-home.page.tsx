import CompanyHomePage from '@/features/company/pages/organ-home.page';
import { LatestOrders } from '@/features/order/components/latest-orders';
import { useHasPermission } from '@/components/permission';

/**
 * /organ-home composed here (features never import each other): the company feature's page with the order
 * feature's latest orders, for members who may see orders.
 */
export default function OrganHomeRoute() {
  const canSeeOrders = useHasPermission(['order:view']);
  return <CompanyHomePage latestOrders={canSeeOrders ? <LatestOrders /> : undefined} />;
}
