// The PostgreSQL floor of the Go peer's driver (pgx v4): CONNECTIONS goroutines, each with a connection of its own,
// run one prepared statement (two parameters in, one row of two columns out) in a loop for SECONDS; then it prints
// one JSON line with the statements run and the process's CPU per statement. Connect time is outside the window.
//
// Usage: postgres-floor URL CONNECTIONS SECONDS. Built offline by scripts/measure-floors, in GOPATH mode against
// Debian's pgx package, as ../shared/peers/go/build.sh builds the peer.
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v4"
)

func processCPUSeconds() float64 {
	var usage syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
	return float64(usage.Utime.Sec+usage.Stime.Sec) + float64(usage.Utime.Usec+usage.Stime.Usec)/1e6
}

func main() {
	if len(os.Args) != 4 {
		fmt.Println("usage: postgres-floor URL CONNECTIONS SECONDS")
		os.Exit(2)
	}
	connections, err1 := strconv.Atoi(os.Args[2])
	seconds, err2 := strconv.ParseFloat(os.Args[3], 64)
	if err1 != nil || err2 != nil || connections < 1 || seconds <= 0 {
		fmt.Println("usage: postgres-floor URL CONNECTIONS SECONDS")
		os.Exit(2)
	}
	ctx := context.Background()
	opened := make([]*pgx.Conn, connections)
	for i := range opened {
		conn, err := pgx.Connect(ctx, os.Args[1])
		if err != nil {
			panic(err)
		}
		if _, err := conn.Prepare(ctx, "echo", "SELECT $1::bytea, $2::bigint"); err != nil {
			panic(err)
		}
		opened[i] = conn
	}
	bytes := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	counts := make([]int, connections)
	var wg sync.WaitGroup
	start := time.Now()
	cpuBefore := processCPUSeconds()
	end := start.Add(time.Duration(seconds * float64(time.Second)))
	for i, conn := range opened {
		wg.Add(1)
		go func(i int, conn *pgx.Conn) {
			defer wg.Done()
			var gotBytes []byte
			var gotNumber int64
			for time.Now().Before(end) {
				want := int64(i*1000000 + counts[i])
				if err := conn.QueryRow(ctx, "echo", bytes, want).Scan(&gotBytes, &gotNumber); err != nil || gotNumber != want {
					panic(fmt.Sprint("wrong answer: ", err))
				}
				counts[i]++
			}
		}(i, conn)
	}
	wg.Wait()
	cpu := processCPUSeconds() - cpuBefore
	elapsed := time.Since(start).Seconds()
	total := 0
	for _, c := range counts {
		total += c
	}
	for _, conn := range opened {
		conn.Close(ctx)
	}
	fmt.Printf("{\"driver\":\"pgx v4\",\"statements\":%d,\"perSecond\":%d,\"cpuMicrosecondsPerStatement\":%.1f}\n",
		total, int(float64(total)/elapsed), cpu*1e6/float64(total))
}
