// temp
