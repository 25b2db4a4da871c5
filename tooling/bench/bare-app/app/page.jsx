export default function Page() {
  return (
    <main>
      <h1>Bare page</h1>
    </main>
  );
}
