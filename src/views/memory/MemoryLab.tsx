// Placeholder root of the NIC-memory instrument (topics 2, 3, 8, 9, 11); replaced by the lab.
export default function MemoryLab() {
  return <main className="p-4"><h1 className="text-xl font-semibold">NIC memory</h1></main>;
}
