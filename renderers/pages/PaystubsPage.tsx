/**
 * Paystubs (/paystubs and /inactive/paystubs). Their contents are not in the spec: an empty state.
 */
export function PaystubsPage() {
  return (
    <section className="page" aria-labelledby="ps-title">
      <h1 id="ps-title">Paystubs</h1>
      <div className="empty">No paystubs to show yet.</div>
    </section>
  );
}
