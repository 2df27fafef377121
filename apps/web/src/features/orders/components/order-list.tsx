import type { SuperOrder } from '@shoebox/contracts';
import { useId } from 'react';
import { OrderRow } from './order-row';
import styles from './order-list.module.css';

/** A titled list of orders ('in progress' or 'history'), or a sentence saying it has none. */
export function OrderList({ title, orders, emptyText }: { title: string; orders: SuperOrder[]; emptyText: string }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {orders.length === 0 ? (
        <p className={styles.none}>{emptyText}</p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {orders.map((order) => (
            <OrderRow key={order.orderCode} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
