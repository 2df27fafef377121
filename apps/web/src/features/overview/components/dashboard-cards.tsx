import { useMe } from '../../../api/customer/get-me';
import { LazySlot } from '../../../components/ui/lazy-slot';
import { useAfterIdle } from '../../../lib/use-after-idle';
import { useServices } from '../../../lib/services';
import { LatestOrderCard } from '../../orders';
import { PhotosOverviewCard } from '../../photos';

/**
 * The customer's own things on the Overview: the latest order and the photos. They load on their own once the
 * customer is greeted: what paints first never waits for them, and their code does not compete with it
 * (web-payload bench).
 */
export function DashboardCards() {
  const { flags } = useServices();
  const { data: me } = useMe();
  const mayLoad = useAfterIdle(me !== undefined);
  if (!mayLoad) return null;
  return (
    <>
      <LazySlot>
        <LatestOrderCard />
      </LazySlot>
      {flags.isOn('PhotoManagementTimelineViewEnabled') && (
        <LazySlot>
          <PhotosOverviewCard />
        </LazySlot>
      )}
    </>
  );
}
