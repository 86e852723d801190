// The PostgreSQL floor of the Go peer's driver (pgx v4): CONNECTIONS goroutines run one prepared statement (two
// parameters in, one row of two columns out) in a loop for SECONDS; then it prints one JSON line with the statements
// run and the process's CPU per statement. Connect time is outside the window.
//
// `sql` (the default) goes the way the peer goes (../shared/peers/go/store.go): `database/sql` over pgx's stdlib
// driver, a pool of CONNECTIONS connections and one `*sql.Stmt`, so each statement pays for the pool and the
// driver's value conversion as a peer request does. `pgx` uses a raw `pgx.Conn` per goroutine, the driver alone.
//
// Usage: postgres-floor sql|pgx URL CONNECTIONS SECONDS. Built offline by scripts/measure-floors, in GOPATH mode
// against Debian's pgx package, as ../shared/peers/go/build.sh builds the peer.
package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v4"
	_ "github.com/jackc/pgx/v4/stdlib"
)

const echoSQL = "SELECT $1::bytea, $2::bigint"

func processCPUSeconds() float64 {
	var usage syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
	return float64(usage.Utime.Sec+usage.Stime.Sec) + float64(usage.Utime.Usec+usage.Stime.Usec)/1e6
}

func usage() {
	fmt.Println("usage: postgres-floor sql|pgx URL CONNECTIONS SECONDS")
	os.Exit(2)
}

// echoer runs the statement once for goroutine i; it returns the number the row carried back.
type echoer func(i int, bytes []byte, want int64) (int64, error)

// viaDatabaseSQL opens a database/sql pool of n connections, all connected and holding the prepared statement
// before the window starts, as the peer's pool is warm in the middle of a load run.
func viaDatabaseSQL(ctx context.Context, url string, n int) (echoer, func()) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		panic(err)
	}
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	db.SetConnMaxLifetime(0)
	stmt, err := db.PrepareContext(ctx, echoSQL)
	if err != nil {
		panic(err)
	}
	// Hold n connections at once so the pool opens all of them, then give them back.
	held := make([]*sql.Conn, n)
	for i := range held {
		if held[i], err = db.Conn(ctx); err != nil {
			panic(err)
		}
	}
	for _, c := range held {
		c.Close()
	}
	run := func(i int, bytes []byte, want int64) (int64, error) {
		var gotBytes []byte
		var got int64
		err := stmt.QueryRowContext(ctx, bytes, want).Scan(&gotBytes, &got)
		return got, err
	}
	return run, func() { stmt.Close(); db.Close() }
}

// viaPgxConn connects n raw pgx connections, each with the statement prepared.
func viaPgxConn(ctx context.Context, url string, n int) (echoer, func()) {
	opened := make([]*pgx.Conn, n)
	for i := range opened {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			panic(err)
		}
		if _, err := conn.Prepare(ctx, "echo", echoSQL); err != nil {
			panic(err)
		}
		opened[i] = conn
	}
	run := func(i int, bytes []byte, want int64) (int64, error) {
		var gotBytes []byte
		var got int64
		err := opened[i].QueryRow(ctx, "echo", bytes, want).Scan(&gotBytes, &got)
		return got, err
	}
	return run, func() {
		for _, conn := range opened {
			conn.Close(ctx)
		}
	}
}

func main() {
	if len(os.Args) != 5 || (os.Args[1] != "sql" && os.Args[1] != "pgx") {
		usage()
	}
	connections, err1 := strconv.Atoi(os.Args[3])
	seconds, err2 := strconv.ParseFloat(os.Args[4], 64)
	if err1 != nil || err2 != nil || connections < 1 || seconds <= 0 {
		usage()
	}
	ctx := context.Background()
	var run echoer
	var closeAll func()
	driver := "pgx v4, database/sql and *sql.Stmt"
	if os.Args[1] == "sql" {
		run, closeAll = viaDatabaseSQL(ctx, os.Args[2], connections)
	} else {
		run, closeAll = viaPgxConn(ctx, os.Args[2], connections)
		driver = "pgx v4, raw pgx.Conn"
	}
	bytes := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	counts := make([]int, connections)
	var wg sync.WaitGroup
	start := time.Now()
	cpuBefore := processCPUSeconds()
	end := start.Add(time.Duration(seconds * float64(time.Second)))
	for i := 0; i < connections; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for time.Now().Before(end) {
				want := int64(i*1000000 + counts[i])
				if got, err := run(i, bytes, want); err != nil || got != want {
					panic(fmt.Sprint("wrong answer: ", err))
				}
				counts[i]++
			}
		}(i)
	}
	wg.Wait()
	cpu := processCPUSeconds() - cpuBefore
	elapsed := time.Since(start).Seconds()
	total := 0
	for _, c := range counts {
		total += c
	}
	closeAll()
	fmt.Printf("{\"driver\":%q,\"statements\":%d,\"perSecond\":%d,\"cpuMicrosecondsPerStatement\":%.1f}\n",
		driver, total, int(float64(total)/elapsed), cpu*1e6/float64(total))
}
