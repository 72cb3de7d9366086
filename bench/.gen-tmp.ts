import pg from 'pg'
import { migratePostgres } from '../src/server/db/migrate'
import { ensureBenchOrders } from './generate-orders'
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' })
await admin.connect()
const { rows } = await admin.query(`select 1 from pg_database where datname = 'webstore_bench_orders'`)
if (!rows.length) await admin.query('create database webstore_bench_orders')
await admin.end()
const url = 'postgres://postgres@127.0.0.1:5432/webstore_bench_orders'
await migratePostgres(url)
const db = new pg.Client({ connectionString: url })
await db.connect()
console.log(await ensureBenchOrders(db, Number(process.env.N ?? 200000)))
await db.end()
