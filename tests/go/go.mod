module errgentests

go 1.25
